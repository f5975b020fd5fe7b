import * as crypto from 'node:crypto';
import pg from 'pg';
import { GENESIS_HASH, storedLinkSql } from './hash-chain';

/**
 * One-shot hashing (Node 20.12 and later) costs a fraction of a Hash object per event; older
 * Node 20 releases take the Hash object.
 */
const sha256: (data: Buffer) => Buffer =
  typeof crypto.hash === 'function'
    ? (data) => crypto.hash('sha256', data, 'buffer')
    : (data) => crypto.createHash('sha256').update(data).digest();

/** Connections reading ranges at once. */
const READERS = 2;

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
 * Walks the PostgreSQL event log from position 1 to its head, recomputes every event's hash from
 * the event itself and the hash before it (hash-chain.ts), and stops at the first position where
 * the log disagrees. The database computes each event's content digest (the same jsonb text it
 * hashed at append time); this process chains them, so a hash stored with the event is checked,
 * never trusted. The query is this module's own text, built from built-in functions only: no
 * function stored in the audited database takes part.
 *
 * Reads by position ranges, the next one asked for while this one is hashed.
 */
export async function verifyHashChain(
  connectionString: string,
  options: VerifyChainOptions = {},
): Promise<ChainVerdict> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const batchSize = options.batchSize ?? 10_000;
  const clients = Array.from({ length: READERS }, () => new pg.Client({ connectionString }));
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const { rows } = await clients[0]!.query<{ head: string | null }>(
      'select max(position) as head from es_events',
    );
    const head = Number(rows[0]?.head ?? 0);
    // Ranges are asked for ahead, one per connection in turn: the database builds the next ones
    // (on other cores) while this process hashes the current one.
    const pending: { end: number; rows: Promise<[string, Buffer | null, Buffer][]> }[] = [];
    let asked = 0;
    let turn = 0;
    const askNext = () => {
      if (asked >= head) return;
      const after = asked;
      asked = Math.min(head, after + batchSize);
      // Range k on connection k mod READERS: the ranges in flight are on different connections.
      const client = clients[turn++ % READERS]!;
      const read = client
        .query<[string, Buffer | null, Buffer]>({
          text: `select e.position, e.hash, ${storedLinkSql('e')}
                 from es_events e where e.position > $1 and e.position <= $2 order by e.position`,
          values: [after, asked],
          rowMode: 'array',
        })
        .then((result) => result.rows);
      // A failed read-ahead is seen when it is awaited; not before, as an unhandled rejection.
      read.catch(() => {});
      pending.push({ end: asked, rows: read });
    };
    for (let i = 0; i < READERS; i++) askNext();
    let chain: Buffer = GENESIS_HASH;
    let expected = 1;
    for (let range = pending.shift(); range; range = pending.shift()) {
      const batch = await range.rows;
      askNext();
      for (const [positionText, stored, link] of batch) {
        const position = Number(positionText);
        if (position !== expected)
          return { intact: false, position: expected, problem: 'missing', seconds: seconds() };
        if (stored === null) return { intact: false, position, problem: 'unchained', seconds: seconds() };
        chain = sha256(Buffer.concat([chain, link]));
        if (!chain.equals(stored)) return { intact: false, position, problem: 'altered', seconds: seconds() };
        if (
          options.noted?.position === position &&
          chain.toString('hex') !== options.noted.hash.toLowerCase()
        ) {
          return { intact: false, position, problem: 'differs-from-noted', seconds: seconds() };
        }
        expected = position + 1;
      }
      // The range's last events were removed: the first of them is missing.
      if (expected <= range.end)
        return { intact: false, position: expected, problem: 'missing', seconds: seconds() };
      options.onProgress?.({ position: range.end, head });
    }
    if (options.noted && options.noted.position > head) {
      return { intact: false, position: options.noted.position, problem: 'missing', seconds: seconds() };
    }
    return { intact: true, through: head, headHash: chain.toString('hex'), seconds: seconds() };
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
