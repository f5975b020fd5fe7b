import type { Mailer } from '@nocturne/projector';
import { Counter, type Registry } from 'prom-client';
import { metricOnce } from './registry';

/**
 * The mailer, counting its outcomes: `nocturne_mail_sent_total` for every mail handed over
 * (to SMTP, or written to the outbox), `nocturne_mail_failed_total` for every attempt that
 * threw (the reactor retries it; the error goes on as before).
 */
export function countMail(mailer: Mailer, registry: Registry): Mailer {
  const sent = metricOnce(
    registry,
    'nocturne_mail_sent_total',
    () => new Counter({ name: 'nocturne_mail_sent_total', help: 'Mails sent', registers: [registry] }),
  );
  const failed = metricOnce(
    registry,
    'nocturne_mail_failed_total',
    () =>
      new Counter({
        name: 'nocturne_mail_failed_total',
        help: 'Mail sends that failed (retried by the reactor)',
        registers: [registry],
      }),
  );
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        failed.inc();
        throw error;
      }
      sent.inc();
    },
  };
}
