import { idOf, legacyReadingStreamParts, type RecordedEvent, readingStreamParts } from '@nocturne/events';
import { sql } from 'kysely';
import type { BatchTransaction } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';

/** An event of the reading projection with the account it concerns worked out. */
export type OwnedEvent =
  | { kind: 'reading'; event: RecordedEvent; accountId: string; storyId: string }
  | { kind: 'account-deleted'; accountId: string }
  | { kind: 'story-deleted'; storyId: string }
  /** A revision: `origins[i]` is the slide before it that the new slide `i` continues. */
  | { kind: 'story-revised'; storyId: string; origins: readonly (number | null)[] };

export interface ResolvedBatch {
  events: OwnedEvent[];
  /** reading_owners after the batch: the address keys whose account changed, and to what (null: none now). */
  owners: Map<string, string | null>;
}

/**
 * Reading streams were once named by the address's key (`reading-{userKey}-{storyId}`), which
 * every account of one address shared. Such an event is the reading of the account the address
 * held when it was recorded: `reading_owners` keeps that account per address key, from
 * UserRegistered to UserDeleted, for those events only (a rebuild replays them; nothing appends
 * to them any more). An event of an address with no account then (none recorded in practice)
 * belongs to nobody and is dropped. A stream named by the account (`account_reading-...`) says
 * whose it is.
 */
export async function resolveOwners(
  trx: BatchTransaction,
  events: readonly RecordedEvent[],
): Promise<ResolvedBatch> {
  const legacyKeys = new Set<string>();
  for (const event of events) {
    const legacy = legacyReadingStreamParts(event.streamName);
    if (legacy) legacyKeys.add(legacy.userKey);
  }
  const current = new Map<string, string | null>();
  if (legacyKeys.size > 0) {
    const rows = await trx
      .selectFrom('reading_owners')
      .select(['user_key', 'account_id'])
      .where('user_key', 'in', [...legacyKeys])
      .execute();
    for (const row of rows) current.set(row.user_key, row.account_id);
  }
  const owners = new Map<string, string | null>();
  const resolved: OwnedEvent[] = [];
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      current.set(idOf(event.streamName), event.data.accountId);
      owners.set(idOf(event.streamName), event.data.accountId);
    } else if (event.type === 'UserDeleted') {
      current.set(idOf(event.streamName), null);
      owners.set(idOf(event.streamName), null);
      resolved.push({ kind: 'account-deleted', accountId: event.data.accountId });
    } else if (event.type === 'StoryDeleted' || event.type === 'StoryUnpublished') {
      resolved.push({ kind: 'story-deleted', storyId: event.data.storyId });
    } else if (event.type === 'StoryRevised') {
      resolved.push({ kind: 'story-revised', storyId: event.data.storyId, origins: event.data.slideOrigins });
    } else {
      const parts = readingStreamParts(event.streamName);
      if (parts) {
        resolved.push({ kind: 'reading', event, ...parts });
        continue;
      }
      const legacy = legacyReadingStreamParts(event.streamName);
      const accountId = legacy ? current.get(legacy.userKey) : undefined;
      if (legacy && accountId) resolved.push({ kind: 'reading', event, accountId, storyId: legacy.storyId });
    }
  }
  return { events: resolved, owners };
}

/** Writes the batch's changes of reading_owners: one delete, one upsert. */
export async function saveOwners(
  trx: BatchTransaction,
  owners: ReadonlyMap<string, string | null>,
): Promise<void> {
  const gone = [...owners].flatMap(([userKey, accountId]) => (accountId === null ? [userKey] : []));
  const held = [...owners].flatMap(([user_key, account_id]) =>
    account_id === null ? [] : [{ user_key, account_id }],
  );
  if (gone.length > 0) await trx.deleteFrom('reading_owners').where('user_key', 'in', gone.sort()).execute();
  held.sort((a, b) => (a.user_key < b.user_key ? -1 : 1));
  if (held.length === 0) return;
  const { columns, select } = unnestRows(held, { user_key: 'text', account_id: 'text' });
  await sql`insert into reading_owners (${columns}) ${select}
    on conflict (user_key) do update set account_id = excluded.account_id`.execute(trx);
}
