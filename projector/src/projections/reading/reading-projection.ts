import { slideAfterRevision } from '@nocturne/domain';
import { type Insertable, sql } from 'kysely';
import type { ReadingTable } from '../../read-model/schema';
import type { BatchTransaction, Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';
import { type OwnedEvent, resolveOwners, saveOwners } from './reading-owners';

type Row = Insertable<ReadingTable>;

/** Every place a reader can be on (slides 0 to 9). */
const PLACES = Array.from({ length: 10 }, (_, slide) => slide);

const keyOf = (accountId: string, storyId: string) => `${accountId}\u0000${storyId}`;

const emptyRow = (account_id: string, story_id: string, at: Date): Row => ({
  account_id,
  story_id,
  slide: null,
  finished: false,
  saved: false,
  updated_at: at,
  finished_at: null,
  saved_at: null,
});

/** The batch's pairs as rows now are, read in one statement. */
async function rowsBefore(trx: BatchTransaction, events: readonly OwnedEvent[]): Promise<Map<string, Row>> {
  const pairs = new Map<string, { accountId: string; storyId: string }>();
  for (const owned of events) {
    if (owned.kind === 'reading') pairs.set(keyOf(owned.accountId, owned.storyId), owned);
  }
  const rows = new Map<string, Row>();
  if (pairs.size === 0) return rows;
  // The pairs as two arrays joined by key: a list of OR'ed pairs as long as a catch-up batch's
  // costs the planner more than the reads themselves.
  const wanted = [...pairs.values()];
  const { rows: found } = await sql<Row & { account_id: string; story_id: string }>`select r.* from reading r
    join unnest(${wanted.map((p) => p.accountId)}::text[], ${wanted.map((p) => p.storyId)}::text[])
      as p(account_id, story_id) on r.account_id = p.account_id and r.story_id = p.story_id`.execute(trx);
  for (const row of found) rows.set(keyOf(row.account_id, row.story_id), row);
  return rows;
}

/**
 * One row per account and story: the slide they are on, whether they finished it and whether it
 * is saved, with the times the profile's shelves sort by. Keyed by the account, never the
 * address: an address that signs up again is a new account and starts with an empty library.
 * The batch is folded in memory over the rows as they were (one select), then written with one
 * delete per kind of erasure and one upsert. A deleted account's rows go (UserDeleted), and so
 * do a deleted or unpublished story's. A revision that removes slides moves a reader on one of
 * them to the nearest slide kept (slideAfterRevision). Which account an event of a reading stream named by the
 * address's key belongs to: reading-owners.ts.
 */
export const readingProjection: Projection = {
  name: 'reading',
  handles: [
    'ReadingProgressRecorded',
    'StoryFinished',
    'StorySaved',
    'StoryUnsaved',
    'UserRegistered',
    'UserDeleted',
    'StoryDeleted',
    'StoryUnpublished',
    'StoryRevised',
  ],
  async applyBatch(trx, events) {
    const resolved = await resolveOwners(trx, events);
    const before = await rowsBefore(trx, resolved.events);
    const after = new Map<string, Row>();
    const deletedAccounts = new Set<string>();
    const deletedStories = new Set<string>();
    // Per revised story, where each place before the batch is after it (the batch's revisions composed).
    const moved = new Map<string, number[]>();
    const forget = (drop: (row: Row) => boolean) => {
      for (const [key, row] of before) if (drop(row)) before.delete(key);
      for (const [key, row] of after) if (drop(row)) after.delete(key);
    };
    for (const owned of resolved.events) {
      if (owned.kind === 'account-deleted') {
        deletedAccounts.add(owned.accountId);
        forget((row) => row.account_id === owned.accountId);
        continue;
      }
      if (owned.kind === 'story-deleted') {
        deletedStories.add(owned.storyId);
        moved.delete(owned.storyId);
        forget((row) => row.story_id === owned.storyId);
        continue;
      }
      if (owned.kind === 'story-revised') {
        const move = (slide: number) => slideAfterRevision(slide, owned.origins);
        const places = moved.get(owned.storyId) ?? PLACES;
        moved.set(owned.storyId, places.map(move));
        for (const rows of [before, after]) {
          for (const [key, row] of rows) {
            if (row.story_id === owned.storyId && row.slide != null)
              rows.set(key, { ...row, slide: move(row.slide) });
          }
        }
        continue;
      }
      const { event, accountId, storyId } = owned;
      const key = keyOf(accountId, storyId);
      const current = after.get(key) ?? before.get(key) ?? emptyRow(accountId, storyId, event.recordedAt);
      const at = event.recordedAt;
      const next: Row = { ...current, updated_at: at };
      switch (event.type) {
        case 'ReadingProgressRecorded':
          next.slide = event.data.slide;
          break;
        case 'StoryFinished':
          next.finished = true;
          next.finished_at = at;
          break;
        case 'StorySaved':
          next.saved = true;
          next.saved_at = at;
          break;
        case 'StoryUnsaved':
          next.saved = false;
          next.saved_at = null;
          break;
      }
      after.set(key, next);
    }
    await saveOwners(trx, resolved.owners);
    if (deletedAccounts.size > 0) {
      await trx
        .deleteFrom('reading')
        .where('account_id', 'in', [...deletedAccounts])
        .execute();
    }
    if (deletedStories.size > 0) {
      await trx
        .deleteFrom('reading')
        .where('story_id', 'in', [...deletedStories])
        .execute();
    }
    // Rows the batch did not read move in SQL; the rows it read are written over below as moved.
    for (const [storyId, places] of moved) {
      await sql`update reading set slide = (${places}::int[])[slide + 1]
        where story_id = ${storyId} and slide is not null`.execute(trx);
    }
    if (after.size > 0) {
      const { columns, select } = unnestRows([...after.values()], {
        account_id: 'text',
        story_id: 'text',
        slide: 'int',
        finished: 'boolean',
        saved: 'boolean',
        updated_at: 'timestamptz',
        finished_at: 'timestamptz',
        saved_at: 'timestamptz',
      });
      await sql`insert into reading (${columns}) ${select}
        on conflict (account_id, story_id) do update set slide = excluded.slide,
          finished = excluded.finished, saved = excluded.saved, updated_at = excluded.updated_at,
          finished_at = excluded.finished_at, saved_at = excluded.saved_at`.execute(trx);
    }
  },
};
