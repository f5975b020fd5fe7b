import type { RecordedEvent } from '@nocturne/events';
import { sql } from 'kysely';
import type { BatchTransaction, Projection } from '../../runner/projection';

type Viewer = 'member' | 'visitor';
interface DayCount {
  day: string;
  method: string;
  provider: string;
  viewer: Viewer;
  assurances: number;
}
interface VisitorCheck {
  method: string;
  provider: string;
  expiresAt: string;
}

const dayOf = (time: string | Date) => new Date(time).toISOString().slice(0, 10);

/**
 * Table `age_assurance_days`: how many were assured per UTC day, method (wallet, hosted),
 * provider and viewer, for the staff's panel. Only counts: no member, no visitor, no story. A
 * member is counted by their `AgeAssured` (on its own time); a visitor, whose check assures a
 * browser and appends nothing to any account, by their check's assured answer (on the answer's
 * time), with the method and provider its start named (kept in `age_visitor_checks` until the
 * answer). A member's check is left to their `AgeAssured`, so nobody is counted twice. Event
 * times only, so a rebuild gives the same rows; a batch adds its counts to the day's row.
 */
export const ageAssuranceDaysProjection: Projection = {
  name: 'age-assurance-days',
  handles: ['AgeAssured', 'AgeCheckStarted', 'AgeCheckAnswered'],
  async applyBatch(trx, events) {
    const counts = new Map<string, DayCount>();
    const count = (day: string, method: string, provider: string, viewer: Viewer) => {
      const key = `${day} ${method} ${provider} ${viewer}`;
      const entry = counts.get(key) ?? { day, method, provider, viewer, assurances: 0 };
      entry.assurances += 1;
      counts.set(key, entry);
    };
    const begun = new Map<string, VisitorCheck>();
    const answered: { stream: string; day: string; assured: boolean }[] = [];
    for (const event of events) {
      if (event.type === 'AgeAssured') {
        count(dayOf(event.data.assuredAt), event.data.method, event.data.provider, 'member');
      } else if (event.type === 'AgeCheckStarted' && event.data.member === null) {
        const { method, provider, expiresAt } = event.data;
        begun.set(event.streamName, { method, provider, expiresAt });
      } else if (event.type === 'AgeCheckAnswered') {
        answered.push({
          stream: event.streamName,
          day: dayOf(event.recordedAt),
          assured: event.data.outcome === 'assured',
        });
      }
    }
    const earlier = await visitorChecksBegunBefore(
      trx,
      answered.filter((a) => !begun.has(a.stream)).map((a) => a.stream),
    );
    for (const { stream, day, assured } of answered) {
      const check = begun.get(stream) ?? earlier.get(stream);
      if (assured && check) count(day, check.method, check.provider, 'visitor');
    }
    await keepOpenVisitorChecks(trx, begun, answered, events.at(-1));
    if (counts.size === 0) return;
    // One order for every batch: two writers of the same days never wait on each other in a cycle.
    const rows = [...counts.keys()].sort().map((key) => counts.get(key)!);
    await sql`insert into age_assurance_days (day, method, provider, viewer, assurances)
      select * from unnest(${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.method)}::text[],
        ${rows.map((r) => r.provider)}::text[], ${rows.map((r) => r.viewer)}::text[],
        ${rows.map((r) => r.assurances)}::bigint[])
      on conflict (day, method, provider, viewer) do update set
        assurances = age_assurance_days.assurances + excluded.assurances`.execute(trx);
  },
};

/** The visitors' checks that earlier batches began, of these streams. */
async function visitorChecksBegunBefore(
  trx: BatchTransaction,
  checkStreams: string[],
): Promise<Map<string, VisitorCheck>> {
  if (checkStreams.length === 0) return new Map();
  const rows = await trx
    .selectFrom('age_visitor_checks')
    .select(['check_stream', 'method', 'provider', 'expires_at'])
    .where('check_stream', 'in', checkStreams)
    .execute();
  return new Map(
    rows.map((row) => [
      row.check_stream,
      { method: row.method, provider: row.provider, expiresAt: row.expires_at.toISOString() },
    ]),
  );
}

/** How long past its expiry a check is kept: an answer stored a moment after it still finds it. */
const KEPT_AFTER_EXPIRY_MS = 3_600_000;

/**
 * Keeps the visitors' checks begun and not yet answered; forgets the answered ones and those an
 * hour past their expiry at the batch's last event (an answer after it is refused, so it counts
 * nothing). The last batch of any cut of the log ends on the same event, so the rows are the same.
 */
async function keepOpenVisitorChecks(
  trx: BatchTransaction,
  begun: ReadonlyMap<string, VisitorCheck>,
  answered: readonly { stream: string }[],
  last: RecordedEvent | undefined,
): Promise<void> {
  const done = new Set(answered.map((a) => a.stream));
  const open = [...begun.entries()].filter(([stream]) => !done.has(stream));
  if (open.length > 0) {
    await trx
      .insertInto('age_visitor_checks')
      .values(
        open.map(([stream, check]) => ({
          check_stream: stream,
          method: check.method,
          provider: check.provider,
          expires_at: new Date(check.expiresAt),
        })),
      )
      .onConflict((oc) => oc.column('check_stream').doNothing())
      .execute();
  }
  if (done.size > 0)
    await trx
      .deleteFrom('age_visitor_checks')
      .where('check_stream', 'in', [...done])
      .execute();
  if (last) {
    const forgotten = new Date(last.recordedAt.getTime() - KEPT_AFTER_EXPIRY_MS);
    await trx.deleteFrom('age_visitor_checks').where('expires_at', '<', forgotten).execute();
  }
}
