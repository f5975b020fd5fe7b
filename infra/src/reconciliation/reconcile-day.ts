import { centsOf, type Difference, type LedgerLine, recordReconciliation } from '@nocturne/command-api';
import type { PaymentProvider } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import { type Kysely, sql } from 'kysely';

/** A processor's transactions of one day (UTC), read from its report. */
export type DayReport = (day: string) => Promise<LedgerLine[]>;

const KINDS = { sale: 'sale', credit: 'refund', chargeback: 'chargeback' } as const;

/**
 * The local processor's day report (`GET /report?day=`), in FlexPay's names: `transactionID`,
 * `type` (sale, credit, chargeback), `priceAmount`, `priceCurrency`.
 */
export function localProcessorReport(baseUrl: string): DayReport {
  return async (day) => {
    const response = await fetch(`${baseUrl}/report?day=${day}`, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`the processor's report for ${day} answered ${response.status}`);
    const rows = (await response.json()) as Array<Record<string, string>>;
    return rows.map((row) => {
      const kind = KINDS[row.type as keyof typeof KINDS];
      const amountCents = centsOf(row.priceAmount);
      if (!kind || amountCents === null || !row.transactionID || !row.priceCurrency) {
        throw new Error(
          `the processor's report for ${day} holds a row it should not: ${JSON.stringify(row)}`,
        );
      }
      return { transactionId: row.transactionID, kind, amountCents, currency: row.priceCurrency };
    });
  };
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One day of one processor reconciled: its report against the notices the log holds (the
 * notices read model: those received that day, and those the report names, whenever they came).
 * A notice received here that the processor reports the day before or after is no difference.
 * The result is recorded as an event (ReconciliationCompleted).
 */
export async function reconcileDay(
  deps: { db: Kysely<ReadModel>; store: EventStore; notifier: Notifier; clock: () => Date },
  provider: PaymentProvider,
  report: DayReport,
  day: string,
): Promise<{ differences: Difference[]; position: number; processorTransactions: number }> {
  const there = await report(day);
  const neighbours = [...(await report(shift(day, -1))), ...(await report(shift(day, 1)))];
  const ids = there.map((line) => line.transactionId);
  const rows = await deps.db
    .selectFrom('payment_notices')
    .select(['transaction_id', 'kind', 'amount_cents', 'currency'])
    .where('provider', '=', provider)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('received_at', '>=', new Date(`${day}T00:00:00Z`)),
          eb('received_at', '<', new Date(`${shift(day, 1)}T00:00:00Z`)),
        ]),
        eb('transaction_id', '=', sql<string>`any(${ids}::text[])`),
      ]),
    )
    .execute();
  const here: LedgerLine[] = rows.map((row) => ({
    transactionId: row.transaction_id,
    kind: row.kind,
    amountCents: row.amount_cents,
    currency: row.currency,
  }));
  const excused = new Set(neighbours.map((line) => line.transactionId));
  const { differences, position } = await recordReconciliation(deps, { provider, day, there, here, excused });
  return { differences, position, processorTransactions: there.length };
}
