import { monthOf } from '@nocturne/domain';
import { idOf } from '@nocturne/events';
import { sql } from 'kysely';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';
import { rekeyErased } from '../premium/rekey-erased';

interface MonthCounts {
  registrations: number;
  verified: number;
  premium: number;
}

/**
 * The admin's Monthly Growth: registrations, verifications and users granted premium per
 * calendar month in UTC, by the time each event was recorded (never the clock, so a rebuild
 * gives the same rows). Months with nothing are not stored; the query fills them with zeros.
 */
export const monthlyStatsProjection: Projection = {
  name: 'monthly-stats',
  handles: ['UserRegistered', 'EmailVerified', 'PremiumGranted', 'UserDeleted'],
  async applyBatch(trx, events) {
    const counts = new Map<string, MonthCounts>();
    const countOf = (month: string) => {
      let c = counts.get(month);
      if (!c) {
        c = { registrations: 0, verified: 0, premium: 0 };
        counts.set(month, c);
      }
      return c;
    };
    const grants = new Map<string, { month: string; user_key: string }>();
    // A deleted account's premium months are kept under its account id (see premium-grants).
    const erased = new Map<string, string>();
    for (const event of events) {
      const month = monthOf(event.recordedAt);
      if (event.type === 'UserRegistered') countOf(month).registrations += 1;
      else if (event.type === 'EmailVerified') countOf(month).verified += 1;
      else if (event.type === 'PremiumGranted') {
        const row = { month, user_key: idOf(event.streamName) };
        grants.set(`${row.month} ${row.user_key}`, row);
      } else if (event.type === 'UserDeleted') {
        const userKey = idOf(event.streamName);
        for (const [key, row] of grants) {
          if (row.user_key !== userKey) continue;
          grants.delete(key);
          const rekeyed = { month: row.month, user_key: event.data.accountId };
          grants.set(`${rekeyed.month} ${rekeyed.user_key}`, rekeyed);
        }
        erased.set(userKey, event.data.accountId);
      }
    }
    await rekeyErased(trx, 'monthly_premium_users', erased);
    // A second grant to the same user in the same month is not a new premium user: only the
    // (month, user) pairs that are new count.
    await inChunks([...grants.values()], async (slice) => {
      const firsts = await trx
        .insertInto('monthly_premium_users')
        .values(slice)
        .onConflict((oc) => oc.doNothing())
        .returning('month')
        .execute();
      for (const { month } of firsts) countOf(month).premium += 1;
    });
    const rows = [...counts]
      .filter(([, c]) => c.registrations + c.verified + c.premium > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    if (rows.length === 0) return;
    await sql`insert into monthly_stats (month, registrations, verified, premium)
      select * from unnest(${rows.map(([m]) => m)}::text[], ${rows.map(([, c]) => c.registrations)}::int[],
        ${rows.map(([, c]) => c.verified)}::int[], ${rows.map(([, c]) => c.premium)}::int[])
      on conflict (month) do update set
        registrations = monthly_stats.registrations + excluded.registrations,
        verified = monthly_stats.verified + excluded.verified,
        premium = monthly_stats.premium + excluded.premium`.execute(trx);
  },
};
