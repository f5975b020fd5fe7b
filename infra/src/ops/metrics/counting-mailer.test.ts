import type { Mailer } from '@nocturne/projector';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countMail } from './counting-mailer';

const message = { to: 'reader@example.com', subject: 'Hello', text: 'Hi' };

async function value(registry: Registry, name: string) {
  const metric = registry.getSingleMetric(name);
  return (await metric!.get()).values[0]?.value;
}

describe('countMail', () => {
  it('counts a mail handed over as sent and a send that throws as failed, the error going on', async () => {
    const registry = new Registry();
    let fail = false;
    const mailer: Mailer = {
      async send() {
        if (fail) throw new Error('SMTP said no');
      },
    };
    const counted = countMail(mailer, registry);
    await counted.send(message);
    await counted.send(message);
    fail = true;
    await expect(counted.send(message)).rejects.toThrow('SMTP said no');
    expect(await value(registry, 'nocturne_mail_sent_total')).toBe(2);
    expect(await value(registry, 'nocturne_mail_failed_total')).toBe(1);
  });

  it('two mailers of one process count into one pair of counters', async () => {
    const registry = new Registry();
    const ok: Mailer = { send: async () => {} };
    await countMail(ok, registry).send(message);
    await countMail(ok, registry).send(message);
    expect(await value(registry, 'nocturne_mail_sent_total')).toBe(2);
  });
});
