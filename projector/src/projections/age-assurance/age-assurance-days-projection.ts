import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * Table `age_assurance_days`: how many members were assured per UTC day, method (wallet,
 * hosted) and provider, for the staff's panel. Only counts: no member, no story. The day is the
 * assurance's own time, so a rebuild gives the same rows; a batch adds its counts to the day's
 * row (the runner applies each event once).
 */
export const ageAssuranceDaysProjection: Projection = {
  name: 'age-assurance-days',
  handles: ['AgeAssured'],
  async applyBatch(trx, events) {
    const counts = new Map<string, { day: string; method: string; provider: string; assurances: number }>();
    for (const event of events) {
      if (event.type !== 'AgeAssured') continue;
      const { method, provider, assuredAt } = event.data;
      const day = new Date(assuredAt).toISOString().slice(0, 10);
      const key = `${day} ${method} ${provider}`;
      const count = counts.get(key) ?? { day, method, provider, assurances: 0 };
      count.assurances += 1;
      counts.set(key, count);
    }
    if (counts.size === 0) return;
    // One order for every batch: two writers of the same days never wait on each other in a cycle.
    const rows = [...counts.keys()].sort().map((key) => counts.get(key)!);
    await sql`insert into age_assurance_days (day, method, provider, assurances)
      select * from unnest(${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.method)}::text[],
        ${rows.map((r) => r.provider)}::text[], ${rows.map((r) => r.assurances)}::bigint[])
      on conflict (day, method, provider) do update set
        assurances = age_assurance_days.assurances + excluded.assurances`.execute(trx);
  },
};
