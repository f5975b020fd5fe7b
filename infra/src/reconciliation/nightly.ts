import type { PaymentProvider } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { metricOnce } from '../ops/metrics/registry';
import { type DayReport, reconcileDay } from './reconcile-day';

/** The hour (UTC) after which yesterday is reconciled: the processors' day is closed by then. */
export const RECONCILE_AFTER_HOUR = 3;
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Every night, yesterday's transactions of the processor against the log, once (a process
 * started later that day does it at once); `nocturne_reconciliation_differences{provider}` says
 * how many differences the last one found, and each is logged by transaction (no personal data).
 */
export function startNightlyReconciliation(
  deps: { db: Kysely<ReadModel>; store: EventStore; notifier: Notifier; clock: () => Date },
  provider: PaymentProvider,
  report: DayReport,
  registry: Registry,
  log: (line: string) => void,
): { stop(): void; runDue(): Promise<void> } {
  const gauge = metricOnce(
    registry,
    'nocturne_reconciliation_differences',
    () =>
      new Gauge({
        name: 'nocturne_reconciliation_differences',
        help: "Differences the last night's reconciliation found between the processor and the log",
        labelNames: ['provider'],
        registers: [registry],
      }),
  );
  let done: string | null = null;
  let running = false;
  async function runDue() {
    const now = deps.clock();
    if (running || now.getUTCHours() < RECONCILE_AFTER_HOUR) return;
    const day = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    if (done === day) return;
    running = true;
    try {
      const { differences, processorTransactions } = await reconcileDay(deps, provider, report, day);
      gauge.set({ provider }, differences.length);
      done = day;
      log(
        `reconciliation of ${day}: ${processorTransactions} transactions at the processor, ${differences.length} differences${
          differences.length > 0
            ? ` (${differences.map((d) => `${d.transactionId} ${d.issue}`).join(', ')})`
            : ''
        }`,
      );
    } catch (error) {
      log(
        `reconciliation of ${day} failed (tried again later): ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      running = false;
    }
  }
  const timer = setInterval(() => void runDue(), CHECK_EVERY_MS);
  timer.unref();
  void runDue();
  return { stop: () => clearInterval(timer), runDue };
}
