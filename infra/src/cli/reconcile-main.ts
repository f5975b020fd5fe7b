import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { PaymentProvider } from '@nocturne/events';
import type { AppConfig } from '../config';
import { urlFileOf } from '../local-processor/local-processor';
import { ccbillDataLinkReport } from '../reconciliation/ccbill-data-link';
import { type DayReport, localProcessorReport, reconcileDay } from '../reconciliation/reconcile-day';
import { connectInfrastructure } from '../system/connect';
import { runCli } from './cli-config';

/**
 * `npm run reconcile -- --day YYYY-MM-DD` (default: yesterday, UTC): the processor's
 * transactions of that day against the log, the result recorded as an event and printed, one
 * line per difference with both sides. Exits 0 when they agree, 3 when they differ.
 */
runCli('reconcile', 1, async (args, config) => {
  const { values } = parseArgs({ args, options: { day: { type: 'string' } } });
  const day = values.day ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    console.error('usage: npm run reconcile -- --day YYYY-MM-DD');
    return 2;
  }
  const infraLog = (line: string) => console.error(`[nocturne] ${line}`);
  if (config.payments.provider === 'ccbill') {
    if (!config.ccbillDataLink) {
      console.error(
        'CCBill is reconciled through Data Link: set CCBILL_DATALINK_USERNAME and CCBILL_DATALINK_PASSWORD.',
      );
      return 2;
    }
    return reconcileAndPrint(config, infraLog, 'ccbill', ccbillDataLinkReport(config.ccbillDataLink), day);
  }
  if (config.payments.provider === 'verotel') {
    console.error(
      "Verotel's day report comes from its Control Center API, which this product does not call yet.",
    );
    return 2;
  }
  const urlFile = urlFileOf(config.dataDir);
  if (!existsSync(urlFile)) {
    console.error('No payment processor to reconcile with: the local processor runs with `npm start`.');
    return 2;
  }
  const report = localProcessorReport(readFileSync(urlFile, 'utf8').trim());
  return reconcileAndPrint(config, infraLog, 'local', report, day);
});

/** One day reconciled, its result printed one line per difference: 0 when they agree, 3 when not. */
async function reconcileAndPrint(
  config: AppConfig,
  log: (line: string) => void,
  provider: PaymentProvider,
  report: DayReport,
  day: string,
): Promise<number> {
  const infra = await connectInfrastructure(config, log);
  try {
    const { differences, processorTransactions } = await reconcileDay(
      { db: infra.db, store: infra.store, notifier: infra.notifier, clock: () => new Date() },
      provider,
      report,
      day,
    );
    const money = (side: { amountCents: number; currency: string } | null) =>
      side ? `${(side.amountCents / 100).toFixed(2)} ${side.currency}` : 'nothing';
    console.log(
      `${day}: ${processorTransactions} transactions at the processor, ${differences.length} differences`,
    );
    for (const d of differences) {
      console.log(
        `  ${d.transactionId} ${d.kind} ${d.issue}: here ${money(d.here)}, there ${money(d.there)}`,
      );
    }
    return differences.length === 0 ? 0 : 3;
  } finally {
    await infra.close();
  }
}
