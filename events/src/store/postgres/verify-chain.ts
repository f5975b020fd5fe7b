import pg from 'pg';
import { GENESIS_HASH, GENESIS_HASH_SQL, storedLinkSql } from './hash-chain';

export interface ChainProgress {
  /** The last position checked. */
  position: number;
  /** The head the walk goes to (the log's head when it began). */
  head: number;
}

/** Why the walk stopped at a position. */
export type ChainBreak =
  /** The stored hash is not the one its event and the chain before it give: this event was
   * changed, or the events before it were (removed, inserted, reordered) since it was chained. */
  | 'altered'
  /** No event at this position, though later ones exist: it was removed. */
  | 'missing'
  /** The event carries no hash. */
  | 'unchained'
  /** The chain is whole, but its hash here is not the one the auditor noted earlier. */
  | 'differs-from-noted';

export type ChainVerdict =
  | { intact: true; through: number; headHash: string; seconds: number }
  | { intact: false; position: number; problem: ChainBreak; seconds: number };

export interface VerifyChainOptions {
  onProgress?: (progress: ChainProgress) => void;
  /** A hash noted earlier (`position:hex`): the walk also checks that the chain still has it there. */
  noted?: { position: number; hash: string } | undefined;
  batchSize?: number;
}

/**
 * At most this many connections check ranges at once; fewer when the server allows fewer parallel
 * workers (max_parallel_workers): the database works on each range on a core of its own.
 */
const MAX_READERS = 8;

/**
 * One range's check, set-based, in one pass over the range in position order: for every event,
 * its stored hash must be the hash of the stored hash before it with its own revision, time and
 * content (hash-chain.ts). That every link holds is the same as recomputing the chain from the
 * first event, so ranges are checked apart, in parallel. The row before the range is read too,
 * for the first link. Gives how many events the range holds and the first position of each kind
 * of break in it (null if none): a gap (the first position missing), an event with no hash, an
 * event whose hash does not hold.
 */
const rangeCheckSql = `
  select count(*) as events,
    min(greatest(coalesce(s.previous_position + 1, $1), $1))
      filter (where s.position > coalesce(s.previous_position, $1 - 1) + 1) as missing,
    min(s.position) filter (where s.hash is null) as unchained,
    min(s.position) filter (where s.hash is distinct from sha256(s.previous || ${storedLinkSql('s')})) as altered
  from (
    select e.*, lag(e.position) over w as previous_position,
      case when e.position = 1 then ${GENESIS_HASH_SQL} else lag(e.hash) over w end as previous
    from es_events e where e.position >= $1::bigint - 1 and e.position <= $2
    window w as (order by e.position)
  ) s
  where s.position >= $1`;

type RangeRow = { events: string } & Record<'missing' | 'unchained' | 'altered', string | null>;

/**
 * The range's first break: the lowest position named. A missing position holds no event, so it
 * never ties with the others; an event with no hash also fails its link, and is named unchained.
 */
function firstBreak(row: RangeRow): { position: number; problem: ChainBreak } | null {
  const found = (['missing', 'unchained', 'altered'] as const)
    .filter((problem) => row[problem] !== null)
    .map((problem) => ({ position: Number(row[problem]), problem }));
  return found.reduce<(typeof found)[number] | null>(
    (first, next) => (first === null || next.position < first.position ? next : first),
    null,
  );
}

/**
 * Walks the PostgreSQL event log from position 1 to its head and checks every event's hash
 * against the event itself and the hash before it (hash-chain.ts), stopping at the first position
 * where the log disagrees. The check is this module's own SQL over built-in functions only (the
 * sessions search pg_catalog first, so no function stored in the audited database stands in for
 * one), run by ranges on several connections at once (MAX_READERS); the ranges are judged in order.
 */
export async function verifyHashChain(
  connectionString: string,
  options: VerifyChainOptions = {},
): Promise<ChainVerdict> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const batchSize = options.batchSize ?? 10_000;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString, options: '-c search_path=pg_catalog,public' });
    clients.push(client);
    await client.connect();
    return client;
  };
  try {
    const first = await connect();
    const { rows } = await first.query<{ head: string | null; workers: string }>(
      `select (select max(position) from es_events) as head, current_setting('max_parallel_workers') as workers`,
    );
    const head = Number(rows[0]?.head ?? 0);
    const readers = Math.max(1, Math.min(MAX_READERS, Number(rows[0]?.workers), Math.ceil(head / batchSize)));
    await Promise.all(Array.from({ length: readers - 1 }, connect));
    const pending: { first: number; end: number; check: Promise<RangeRow> }[] = [];
    let asked = 0;
    let turn = 0;
    const askNext = () => {
      if (asked >= head) return;
      const first = asked + 1;
      asked = Math.min(head, asked + batchSize);
      // Range k on connection k mod readers: the ranges in flight are on different connections.
      const check = clients[turn++ % readers]!.query<RangeRow>(rangeCheckSql, [first, asked]).then(
        (r) => r.rows[0]!,
      );
      // A failed read-ahead is seen when it is awaited; not before, as an unhandled rejection.
      check.catch(() => {});
      pending.push({ first, end: asked, check });
    };
    for (let i = 0; i < readers; i++) askNext();
    for (let range = pending.shift(); range; range = pending.shift()) {
      const result = await range.check;
      askNext();
      const broken = firstBreak(result);
      if (broken) return { intact: false, ...broken, seconds: seconds() };
      const events = Number(result.events);
      // The range's last events were removed: the first of them is missing.
      if (events < range.end - range.first + 1) {
        return { intact: false, position: range.first + events, problem: 'missing', seconds: seconds() };
      }
      options.onProgress?.({ position: range.end, head });
    }
    const hashAt = async (position: number) => {
      const { rows: found } = await clients[0]!.query<{ hash: Buffer }>(
        'select hash from es_events where position = $1',
        [position],
      );
      return found[0]?.hash.toString('hex');
    };
    if (options.noted) {
      const { position, hash } = options.noted;
      if (position > head) return { intact: false, position, problem: 'missing', seconds: seconds() };
      if ((await hashAt(position)) !== hash.toLowerCase()) {
        return { intact: false, position, problem: 'differs-from-noted', seconds: seconds() };
      }
    }
    const headHash = head === 0 ? GENESIS_HASH.toString('hex') : await hashAt(head);
    return { intact: true, through: head, headHash: headHash ?? '', seconds: seconds() };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}

/** The verdict as the command line and the panel say it. */
export function describeChainVerdict(verdict: ChainVerdict): string {
  if (verdict.intact) {
    return verdict.through === 0
      ? 'The log is empty: nothing to verify.'
      : `Intact through position ${verdict.through}. Head hash: ${verdict.headHash}`;
  }
  const at = `position ${verdict.position}`;
  switch (verdict.problem) {
    case 'altered':
      return `Not intact at ${at}: its event was altered, or events before it were removed or reordered.`;
    case 'missing':
      return `Not intact at ${at}: the event at this position was removed.`;
    case 'unchained':
      return `Not intact at ${at}: the event carries no hash.`;
    case 'differs-from-noted':
      return `Not intact at ${at}: the chain is whole but its hash here is not the one noted, so the log was rewritten.`;
  }
}
