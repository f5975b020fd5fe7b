import { type CachedBody, cachedBody, HttpError, jsonArray, type PreparedAnswer } from '@nocturne/http-kit';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel, StoriesTable } from '@nocturne/projector/read-model';
import { type Kysely, type Selectable, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fullStory, lockedStory } from '../story-answer';
import { type PageRequest, pageOf } from './paging';

export type StoryRow = Selectable<StoriesTable>;

/** One story of the list: its row (for personal variants) and its anonymous entry, serialised. */
export interface ListedStory {
  row: StoryRow;
  /** Publication position: the list's order (newest first) and the paging cursor. */
  position: number;
  /** The entry as anyone may see it: a free story in full, a premium one locked. */
  json: string;
}

const MAX_KEPT_TAGS = 500;

/**
 * What is worked out from a snapshot's stories alone, each piece the first time it is asked for:
 * a later snapshot with the same stories shares it.
 */
interface MadeFromStories {
  whole?: CachedBody;
  /** First pages by size (the landing's 5, the profile's 6). */
  firstPages: Map<number, { body: CachedBody; nextCursor: string | null }>;
  byId?: Map<string, ListedStory>;
  /**
   * The stories carrying a tag, by tag (bounded: any valid tag may be asked for). Made when a tag
   * is first asked for: most snapshots never are.
   */
  byTag?: LRUCache<string, readonly ListedStory[]>;
  /** The stories of a creator, by handle (bounded like the tags). */
  byCreator?: LRUCache<string, readonly ListedStory[]>;
  /** Each free story's own answer body (GET /api/stories/{id}). */
  storyBodies: Map<string, CachedBody>;
}

/** The whole list as the stories projection had it at `position`. */
export class ListSnapshot {
  /** Anonymous answers (anonymous-list-answer.ts), by page size, variant and status: they say their position. */
  private readonly answers = new Map<string, PreparedAnswer>();

  constructor(
    readonly position: number,
    readonly stories: readonly ListedStory[],
    private readonly made: MadeFromStories = {
      firstPages: new Map(),
      storyBodies: new Map(),
    },
  ) {}

  /**
   * The same stories at a later position (the projection moved, no story changed): the bodies
   * made so far are this one's too; the answers, which carry their position, are made again.
   */
  at(position: number): ListSnapshot {
    return new ListSnapshot(position, this.stories, this.made);
  }

  /**
   * The whole list's body, made the first time it is asked for: under likes a snapshot lives a
   * few milliseconds, and most are never asked for the whole list.
   */
  get whole(): CachedBody {
    this.made.whole ??= cachedBody(jsonArray(this.stories.map((s) => s.json)));
    return this.made.whole;
  }

  /** The stories of this snapshot that carry `tag`, newest first. */
  tagged(tag: string): readonly ListedStory[] {
    this.made.byTag ??= new LRUCache({ max: MAX_KEPT_TAGS });
    const { byTag } = this.made;
    let stories = byTag.get(tag);
    if (!stories) {
      stories = this.stories.filter((s) => s.row.card.tags.includes(tag));
      byTag.set(tag, stories);
    }
    return stories;
  }

  /** The stories of this snapshot whose creator has this handle, newest first. */
  byCreator(handle: string): readonly ListedStory[] {
    this.made.byCreator ??= new LRUCache({ max: MAX_KEPT_TAGS });
    const { byCreator } = this.made;
    let stories = byCreator.get(handle);
    if (!stories) {
      stories = this.stories.filter((s) => s.row.card.creator?.handle === handle);
      byCreator.set(handle, stories);
    }
    return stories;
  }

  /** A story of this snapshot by its id. */
  story(id: string): ListedStory | undefined {
    this.made.byId ??= new Map(this.stories.map((s) => [s.row.id, s]));
    return this.made.byId.get(id);
  }

  /** A story's entry of this snapshot as a body of its own: bytes, ETag, compressed variants. */
  storyBody(story: ListedStory): CachedBody {
    const { storyBodies } = this.made;
    let body = storyBodies.get(story.row.id);
    if (!body) {
      body = cachedBody(story.json);
      storyBodies.set(story.row.id, body);
    }
    return body;
  }

  /** The answer kept under `key`, made by `make` the first time it is asked for. */
  keptAnswer(key: string, make: () => PreparedAnswer): PreparedAnswer {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = make();
      this.answers.set(key, answer);
    }
    return answer;
  }

  /** The anonymous body of a page, with the next page's cursor. */
  anonymousPage(page: PageRequest): { body: CachedBody; nextCursor: string | null } {
    if (page.before !== null) {
      const { items, nextCursor } = pageOf(this.stories, page);
      return { body: cachedBody(jsonArray(items.map((s) => s.json)), false), nextCursor };
    }
    let first = this.made.firstPages.get(page.limit);
    if (!first) {
      const { items, nextCursor } = pageOf(this.stories, page);
      first = { body: cachedBody(jsonArray(items.map((s) => s.json))), nextCursor };
      this.made.firstPages.set(page.limit, first);
    }
    return first;
  }
}

const anonymousEntry = (row: StoryRow) =>
  JSON.stringify(row.is_premium ? lockedStory(row) : fullStory(row, null));

const listed = (row: StoryRow): ListedStory => ({
  row,
  position: Number(row.position),
  json: anonymousEntry(row),
});

export interface StoryListCacheOptions {
  /** How old the last position check may be before a request triggers another (ms). */
  checkEveryMs?: number;
}

/**
 * The anonymous story list, kept serialised in memory and keyed by the position of the stories
 * projection it was read at. It is replaced when that projection moves: the projector's
 * "projected up to P" wakes it, and since notifications are hints, a request after
 * `checkEveryMs` without one also checks the checkpoint (in the background). A request that must
 * see position P (X-Min-Position, already waited for by the read-your-writes hook, so the read
 * models hold it) waits for a snapshot at P or later. The snapshot is read in one statement
 * (checkpoint and rows from one snapshot of the database), so two processes never serve
 * different answers for one position.
 */
export class StoryListCache {
  private snapshot: ListSnapshot | undefined;
  /** The identity (OID) of the stories table the snapshot was read from: a rebuild swaps in another. */
  private table: string | undefined;
  /** When the database server the snapshot was read from started: another after any restart. */
  private epoch: string | undefined;
  private loading: Promise<ListSnapshot> | undefined;
  private heard = 0;
  /** A notification came while a load was under way (which may have read before it): load again after. */
  private stale = false;
  private checkedAt = 0;
  private readonly checkEveryMs: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<ReadModel>,
    notifier: Pick<Notifier, 'onProjected'>,
    options: StoryListCacheOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 1000;
    this.unsubscribe = notifier.onProjected((position) => {
      if (position <= this.heard) return;
      this.heard = position;
      if (!this.snapshot || position <= this.snapshot.position) return;
      if (this.loading) this.stale = true;
      else this.refreshInBackground();
    });
  }

  /**
   * The snapshot in hand, without waiting (undefined before the first load); like `current()`,
   * it has the position checked in the background when the last check is older than
   * `checkEveryMs`.
   */
  peek(): ListSnapshot | undefined {
    if (this.snapshot) this.checkIfDue();
    return this.snapshot;
  }

  /** A snapshot at `minPosition` or later (0: the current one, checked now and then). */
  async current(minPosition = 0): Promise<ListSnapshot> {
    let snapshot = this.snapshot ?? (await this.load());
    // A load that began before the read models reached minPosition may come back below it: one
    // more then starts after. Bounded: the read-your-writes hook has seen the read models there.
    for (let attempt = 0; snapshot.position < minPosition; attempt++) {
      if (attempt === 3) {
        throw new HttpError(
          503,
          `The story list has not reached position ${minPosition} yet (it is at ${snapshot.position}); try again shortly`,
          { 'Retry-After': '1' },
        );
      }
      snapshot = await this.load();
    }
    this.checkIfDue();
    return snapshot;
  }

  close(): void {
    this.unsubscribe();
  }

  /** The checkpoint checked in the background when the last check is older than checkEveryMs. */
  private checkIfDue(): void {
    if (Date.now() - this.checkedAt > this.checkEveryMs) this.refreshInBackground();
  }

  private refreshInBackground(): void {
    this.load().catch(() => {
      // The next request or notification tries again; the snapshot in hand stays valid for its position.
    });
  }

  /** One load at a time; a caller that needs a later one loops (see current). */
  private load(): Promise<ListSnapshot> {
    if (!this.loading) {
      this.checkedAt = Date.now();
      this.loading = this.read().finally(() => {
        this.loading = undefined;
        if (this.stale) {
          this.stale = false;
          this.refreshInBackground();
        }
      });
    }
    return this.loading;
  }

  private async read(): Promise<ListSnapshot> {
    const previous = this.snapshot;
    let read = await this.changes(previous?.position);
    // A database that restarted (a crash above all) may have lost what the snapshot in hand was
    // read from: batches committed without waiting for the disk, and the events they projected,
    // which were visible before they were durable. Its positions may then be taken again by
    // other events, so neither the position nor the rows changed since say what changed: the
    // list is read again whole, and replaces the one in hand even at a lower position.
    const restarted = previous !== undefined && read.epoch !== this.epoch;
    if (previous && !restarted && previous.position === read.checkpoint) return previous;
    // What changed since the snapshot in hand, merged into it; the whole table instead after a
    // rebuild (another table: the rows changed before the swap may differ too) or a deletion.
    // When no story changed (the projection moved for other events), the stories and what was
    // made from them stay.
    const incremental = previous && !restarted && read.table === this.table && !read.deletions;
    let snapshot: ListSnapshot;
    if (incremental && read.rows.length === 0) snapshot = previous.at(read.checkpoint);
    else if (incremental)
      snapshot = new ListSnapshot(read.checkpoint, mergedChanges(previous.stories, read.rows));
    else {
      if (previous) read = await this.changes(undefined);
      // A story hidden by a moderator is in no list.
      snapshot = new ListSnapshot(
        read.checkpoint,
        read.rows.filter((row) => row.hidden_reason === null).map(listed),
      );
    }
    // Never step back (a slower load finishing after a newer one), unless the database restarted.
    if (!this.snapshot || snapshot.position >= this.snapshot.position || read.epoch !== this.epoch) {
      this.snapshot = snapshot;
      this.table = read.table;
      this.epoch = read.epoch;
    }
    return this.snapshot;
  }

  /**
   * In one statement (one snapshot of the database): the stories projection's checkpoint, the
   * identity of the stories table, whether a story was deleted after `after`, and the rows
   * written after it (every row without it), newest first. A periodic check that finds nothing
   * new reads no row.
   */
  private async changes(after: number | undefined): Promise<StoryChanges> {
    const rows = await this.db
      .selectFrom('projection_checkpoints as c')
      .leftJoin('stories as s', (join) =>
        after === undefined ? join.onTrue() : join.on('s.changed_at', '>', after),
      )
      .where('c.name', '=', 'stories')
      .select([
        'c.position as checkpoint',
        sql<string>`'stories'::regclass::oid::text`.as('stories_table'),
        sql<string>`pg_postmaster_start_time()::text`.as('server_started'),
        sql<boolean>`exists (select 1 from story_deletions where deleted_at > ${after ?? -1})`.as(
          'stories_deleted',
        ),
      ])
      .selectAll('s')
      .orderBy('s.position', 'desc')
      .execute();
    const first = rows[0];
    return {
      checkpoint: Number(first?.checkpoint ?? 0),
      table: first?.stories_table ?? '',
      epoch: first?.server_started ?? '',
      deletions: first?.stories_deleted === true,
      rows: rows.flatMap(
        ({ checkpoint: _, stories_table: _t, stories_deleted: _d, server_started: _s, ...story }) =>
          // The left join's one row without a story when none changed.
          story.id === null ? [] : [story as StoryRow],
      ),
    };
  }
}

/** What `StoryListCache.changes` read. */
interface StoryChanges {
  checkpoint: number;
  table: string;
  /** When the database server started (pg_postmaster_start_time). */
  epoch: string;
  /** A story was deleted after the position asked about. */
  deletions: boolean;
  rows: StoryRow[];
}

/**
 * The stories of a snapshot with the rows changed since: each changed story replaced (or added,
 * if new; or dropped, if hidden), the order kept (newest first by publication position, which never changes). Linear
 * in the list: the stories that did not change keep their serialised entries.
 */
function mergedChanges(stories: readonly ListedStory[], changedRows: readonly StoryRow[]): ListedStory[] {
  // A story hidden since leaves the list (its row changed); a restored one comes back in its place.
  const changedIds = new Set(changedRows.map((row) => row.id));
  const changed = changedRows.filter((row) => row.hidden_reason === null).map(listed);
  const merged: ListedStory[] = [];
  let next = 0;
  for (const story of stories) {
    if (changedIds.has(story.row.id)) continue;
    while (next < changed.length && changed[next]!.position > story.position) merged.push(changed[next++]!);
    merged.push(story);
  }
  while (next < changed.length) merged.push(changed[next++]!);
  return merged;
}
