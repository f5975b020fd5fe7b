import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * Table `revenue_days`: per UTC day and currency, what processors confirmed paid (gross), and
 * what they gave back (refunds) or the banks took back (chargebacks), each on the day it was
 * recorded. Net is gross less both. A batch adds its sums to the day's row (the runner applies
 * each event once); the day is the event's own time, so a rebuild gives the same rows.
 */
export const revenueProjection: Projection = {
  name: 'revenue',
  handles: ['PaymentReceived', 'PaymentReversed'],
  async applyBatch(trx, events) {
    const sums = new Map<
      string,
      { day: string; currency: string; gross: number; refunds: number; chargebacks: number }
    >();
    for (const event of events) {
      if (event.type !== 'PaymentReceived' && event.type !== 'PaymentReversed') continue;
      const day = event.recordedAt.toISOString().slice(0, 10);
      const { currency, amountCents } = event.data;
      const key = `${day} ${currency}`;
      const sum = sums.get(key) ?? { day, currency, gross: 0, refunds: 0, chargebacks: 0 };
      if (event.type === 'PaymentReceived') sum.gross += amountCents;
      else if (event.data.kind === 'refund') sum.refunds += amountCents;
      else sum.chargebacks += amountCents;
      sums.set(key, sum);
    }
    if (sums.size === 0) return;
    const rows = [...sums.values()].sort((a, b) =>
      a.day === b.day ? (a.currency < b.currency ? -1 : 1) : a.day < b.day ? -1 : 1,
    );
    await sql`insert into revenue_days (day, currency, gross_cents, refunds_cents, chargebacks_cents)
      select * from unnest(${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.currency)}::text[],
        ${rows.map((r) => r.gross)}::bigint[], ${rows.map((r) => r.refunds)}::bigint[], ${rows.map((r) => r.chargebacks)}::bigint[])
      on conflict (day, currency) do update set
        gross_cents = revenue_days.gross_cents + excluded.gross_cents,
        refunds_cents = revenue_days.refunds_cents + excluded.refunds_cents,
        chargebacks_cents = revenue_days.chargebacks_cents + excluded.chargebacks_cents`.execute(trx);
  },
};
