import { type CachedBody, cachedBody, HttpError, jsonArray, type PreparedAnswer } from '@nocturne/http-kit';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fullStory, lockedStory } from '../story-answer';
import { encodeCursor, type PageRequest } from './paging';
import {
  countStories,
  EVERY_STORY,
  filterKey,
  isEveryStory,
  type ListFilter,
  readStoryPage,
  type StoryRow,
} from './story-rows';

/** One story of the list: its row (for personal variants) and its anonymous entry, serialised. */
export interface ListedStory {
  row: StoryRow;
  /** Publication position: the list's order (newest first) and the paging cursor. */
  position: number;
  /** The entry as anyone may see it: a free story in full, a premium one locked. */
  json: string;
}

/** One page of a list, the cursor of the next one, and how many stories the list holds in all. */
export interface ListPage {
  items: readonly ListedStory[];
  nextCursor: string | null;
  total: number;
}

/** An anonymous page, serialised. */
export interface AnonymousPage {
  body: CachedBody;
  nextCursor: string | null;
  total: number;
}

/** How many of the newest stories a snapshot keeps by default: the first pages of every visitor. */
export const KEPT_NEWEST = 1000;
/** Bytes of pages read from the read model that one snapshot keeps, at most. */
const KEPT_PAGE_BYTES = 16 * 1024 * 1024;
/** Stories outside the newest kept by id (a story page), at most. */
const KEPT_OTHER_STORIES = 2000;
/** Prepared answers kept per snapshot, at most. */
const KEPT_ANSWERS = 4000;
/** Filtered totals kept per snapshot (a tag, a set of hidden warnings), at most. */
const KEPT_COUNTS = 500;

const pageKey = (page: PageRequest, filter: ListFilter) =>
  `${page.limit} ${page.before ?? ''} ${filterKey(filter)}`;
const bytesOf = (items: readonly ListedStory[]) => items.reduce((n, s) => n + s.json.length * 2 + 512, 64);

/**
 * What is worked out from a snapshot's stories alone, each piece the first time it is asked for:
 * a later snapshot with the same stories shares it. Every piece is bounded, whatever is asked.
 */
interface MadeFromStories {
  /** Anonymous first pages by size (the landing's 5, the profile's 6, a page without ?limit). */
  firstPages: Map<number, AnonymousPage>;
  /** Anonymous pages further down, serialised. */
  anonymousPages: LRUCache<string, AnonymousPage>;
  /** Pages read from the read model (below the newest kept, a tag, hidden warnings). */
  pages: LRUCache<string, ListPage>;
  /** Totals of filtered lists. */
  counts: LRUCache<string, number>;
  byId?: Map<string, ListedStory>;
  /** Stories outside the newest, read by id (a story page) at or after this snapshot's position. */
  others: LRUCache<string, ListedStory>;
  /** Each free story's own answer body (GET /api/stories/{id}). */
  storyBodies: LRUCache<string, CachedBody>;
}

const madeAfresh = (): MadeFromStories => ({
  firstPages: new Map(),
  anonymousPages: new LRUCache({
    maxSize: KEPT_PAGE_BYTES / 4,
    sizeCalculation: (p) => p.body.identity.bytes.length + 64,
  }),
  pages: new LRUCache({ maxSize: KEPT_PAGE_BYTES, sizeCalculation: (p) => bytesOf(p.items) }),
  counts: new LRUCache({ max: KEPT_COUNTS }),
  others: new LRUCache({ max: KEPT_OTHER_STORIES }),
  storyBodies: new LRUCache({ max: KEPT_OTHER_STORIES }),
});

/**
 * The story list as the stories projection had it at `position`: its newest stories (the first
 * pages every visitor asks for, up to the cache's bound), how many visible stories there are in
 * all, and the ids of the hidden ones (a moderator's hides are few) so that the total follows
 * each batch without counting the table. Anything else (a page further down, a tag, a reader's
 * hidden warnings) is read from the read model by index and kept, bounded, with the snapshot.
 */
export class ListSnapshot {
  /** Anonymous answers (anonymous-list-answer.ts), by page size, variant and status: they say their position. */
  private readonly answers = new LRUCache<string, PreparedAnswer>({ max: KEPT_ANSWERS });

  constructor(
    readonly position: number,
    /** The newest visible stories, newest first. */
    readonly newest: readonly ListedStory[],
    /** How many visible stories there are. */
    readonly total: number,
    readonly hiddenIds: ReadonlySet<string>,
    private readonly db: Kysely<ReadModel>,
    private readonly made: MadeFromStories = madeAfresh(),
  ) {}

  /**
   * The same stories at a later position (the projection moved, no story changed): the bodies
   * made so far are this one's too; the answers, which carry their position, are made again.
   */
  at(position: number): ListSnapshot {
    return new ListSnapshot(position, this.newest, this.total, this.hiddenIds, this.db, this.made);
  }

  /** The newest stories are the whole list. */
  get complete(): boolean {
    return this.newest.length >= this.total;
  }

  /**
   * A page at hand, without reading the database: from the newest stories when it lies within
   * them, else one read before (kept); undefined otherwise (see `page`).
   */
  pageAtHand(page: PageRequest, filter: ListFilter = EVERY_STORY): ListPage | undefined {
    if (isEveryStory(filter)) {
      const start = startOf(this.newest, page.before);
      if (this.complete || start + page.limit <= this.newest.length) {
        const items = this.newest.slice(start, start + page.limit);
        const last = items.at(-1);
        const more = this.complete ? start + page.limit < this.newest.length : true;
        return { items, nextCursor: more && last ? encodeCursor(last.position) : null, total: this.total };
      }
    }
    return this.made.pages.get(pageKey(page, filter));
  }

  /** A page of the list (or of the stories a filter keeps), from memory or by index from the read model. */
  async page(page: PageRequest, filter: ListFilter = EVERY_STORY): Promise<ListPage> {
    const atHand = this.pageAtHand(page, filter);
    if (atHand) return atHand;
    const [{ rows, more }, total] = await Promise.all([
      readStoryPage(this.db, page, filter),
      this.totalOf(filter),
    ]);
    const items = rows.map(listed);
    const last = items.at(-1);
    const read: ListPage = { items, nextCursor: more && last ? encodeCursor(last.position) : null, total };
    this.made.pages.set(pageKey(page, filter), read);
    return read;
  }

  private async totalOf(filter: ListFilter): Promise<number> {
    if (isEveryStory(filter)) return this.total;
    const key = filterKey(filter);
    let total = this.made.counts.get(key);
    if (total === undefined) {
      total = await countStories(this.db, filter);
      this.made.counts.set(key, total);
    }
    return total;
  }

  /**
   * The anonymous body of a page (of every story, or of a tag's), when the page is at hand (see
   * `pageAtHand`): serialised once per snapshot, so its compressed variants are made once too.
   */
  anonymousPage(page: PageRequest, filter: ListFilter = EVERY_STORY): AnonymousPage | undefined {
    const first = page.before === null && isEveryStory(filter);
    const key = pageKey(page, filter);
    const kept = first ? this.made.firstPages.get(page.limit) : this.made.anonymousPages.get(key);
    if (kept) return kept;
    const found = this.pageAtHand(page, filter);
    if (!found) return undefined;
    const made: AnonymousPage = {
      body: cachedBody(jsonArray(found.items.map((s) => s.json))),
      nextCursor: found.nextCursor,
      total: found.total,
    };
    if (first) this.made.firstPages.set(page.limit, made);
    else this.made.anonymousPages.set(key, made);
    return made;
  }

  /** A story of this snapshot by its id: one of the newest, or one read by id since. */
  story(id: string): ListedStory | undefined {
    this.made.byId ??= new Map(this.newest.map((s) => [s.row.id, s]));
    return this.made.byId.get(id) ?? this.made.others.get(id);
  }

  /**
   * Keeps a visible story read by id (`readStory`) at `readAt`, so that it is served from memory
   * next time: only when read at or after this snapshot's position, never older than the list.
   */
  remember(row: StoryRow, readAt: number): ListedStory | undefined {
    if (readAt < this.position || row.hidden_reason !== null) return undefined;
    const story = listed(row);
    this.made.others.set(row.id, story);
    return story;
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
}

/** The index of the first story published below `before` (binary search; 0 without a cursor). */
function startOf(stories: readonly ListedStory[], before: number | null): number {
  let start = 0;
  if (before === null) return start;
  let high = stories.length;
  while (start < high) {
    const middle = (start + high) >>> 1;
    if (stories[middle]!.position < before) high = middle;
    else start = middle + 1;
  }
  return start;
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
  /** How many of the newest stories a snapshot keeps in memory (KEPT_NEWEST). */
  keepNewest?: number;
}

/**
 * The anonymous story list, its newest stories kept serialised in memory (the rest read by index,
 * see ListSnapshot) and keyed by the position of the stories projection it was read at. It is replaced when that projection moves: the projector's
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
  private readonly keepNewest: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<ReadModel>,
    notifier: Pick<Notifier, 'onProjected'>,
    options: StoryListCacheOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 1000;
    this.keepNewest = options.keepNewest ?? KEPT_NEWEST;
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
    const read = previous ? await this.changes(previous.position) : undefined;
    // A database that restarted (a crash above all) may have lost what the snapshot in hand was
    // read from: batches committed without waiting for the disk, and the events they projected,
    // which were visible before they were durable. Its positions may then be taken again by
    // other events, so neither the position nor the rows changed since say what changed: the
    // list is read again, and replaces the one in hand even at a lower position.
    const restarted = previous !== undefined && read !== undefined && read.epoch !== this.epoch;
    if (previous && read && !restarted && previous.position === read.checkpoint) return previous;
    // What changed since the snapshot in hand, merged into it; the newest stories read again
    // instead after a rebuild (another table: the rows changed before the swap may differ too)
    // or a deletion. When no story changed (the projection moved for other events), the stories
    // and what was made from them stay.
    const incremental = previous && read && !restarted && read.table === this.table && !read.deletions;
    let snapshot: ListSnapshot;
    let table: string;
    let epoch: string;
    if (incremental && read.rows.length === 0) {
      snapshot = previous.at(read.checkpoint);
      ({ table, epoch } = read);
    } else if (incremental) {
      snapshot = this.merged(previous, read);
      ({ table, epoch } = read);
    } else {
      const whole = await this.newestStories();
      snapshot = new ListSnapshot(
        whole.checkpoint,
        whole.rows.map(listed),
        whole.total,
        new Set(whole.hiddenIds),
        this.db,
      );
      ({ table, epoch } = whole);
    }
    // Never step back (a slower load finishing after a newer one), unless the database restarted.
    if (!this.snapshot || snapshot.position >= this.snapshot.position || epoch !== this.epoch) {
      this.snapshot = snapshot;
      this.table = table;
      this.epoch = epoch;
    }
    return this.snapshot;
  }

  /**
   * The snapshot in hand with the rows changed since: its newest stories with each changed one
   * replaced (or added, if new or restored among them; or dropped, if hidden), the order kept
   * (newest first by publication position, which never changes), at most `keepNewest`; the
   * total moved by the stories published, hidden and restored since. A story published after
   * the snapshot's position is new to it: the projection had projected every event up to there.
   */
  private merged(previous: ListSnapshot, read: StoryChanges): ListSnapshot {
    let total = previous.total;
    const hiddenIds = new Set(previous.hiddenIds);
    for (const row of read.rows) {
      const visible = row.hidden_reason === null;
      if (row.position > previous.position) {
        if (visible) total++;
        else hiddenIds.add(row.id);
        continue;
      }
      const wasHidden = hiddenIds.has(row.id);
      if (wasHidden && visible) {
        hiddenIds.delete(row.id);
        total++;
      } else if (!wasHidden && !visible) {
        hiddenIds.add(row.id);
        total--;
      }
    }
    const oldestKept = previous.complete ? 0 : (previous.newest.at(-1)?.position ?? 0);
    const newest = mergedChanges(
      previous.newest,
      read.rows.filter((row) => row.position >= oldestKept),
    ).slice(0, this.keepNewest);
    return new ListSnapshot(read.checkpoint, newest, total, hiddenIds, this.db);
  }

  /**
   * In one statement (one snapshot of the database): the stories projection's checkpoint, the
   * identity of the stories table, whether a story was deleted after `after`, and the rows
   * written after it, newest first. A periodic check that finds nothing new reads no row.
   */
  private async changes(after: number): Promise<StoryChanges> {
    const rows = await this.db
      .selectFrom('projection_checkpoints as c')
      .leftJoin('stories as s', (join) => join.on('s.changed_at', '>', after))
      .where('c.name', '=', 'stories')
      .select([
        ...READ_POINT,
        sql<boolean>`exists (select 1 from story_deletions where deleted_at > ${after})`.as(
          'stories_deleted',
        ),
      ])
      .selectAll('s')
      .orderBy('s.position', 'desc')
      .execute();
    const first = rows[0];
    return {
      ...readPointOf(first),
      deletions: first?.stories_deleted === true,
      rows: rows.flatMap(
        ({ checkpoint: _, stories_table: _t, stories_deleted: _d, server_started: _s, ...story }) =>
          // The left join's one row without a story when none changed.
          story.id === null ? [] : [story as StoryRow],
      ),
    };
  }

  /**
   * In one statement: the checkpoint, the table's identity, the newest `keepNewest` visible
   * stories (by the partial position index), how many visible stories there are and the ids of
   * the hidden ones.
   */
  private async newestStories(): Promise<NewestStories> {
    const rows = await this.db
      .selectFrom('projection_checkpoints as c')
      .leftJoinLateral(
        (db) =>
          db
            .selectFrom('stories')
            .selectAll()
            .where('hidden_reason', 'is', null)
            .orderBy('position', 'desc')
            .limit(this.keepNewest)
            .as('s'),
        (join) => join.onTrue(),
      )
      .where('c.name', '=', 'stories')
      .select([
        ...READ_POINT,
        sql<string>`(select count(*) from stories where hidden_reason is null)`.as('visible'),
        sql<string[]>`(select coalesce(array_agg(id), '{}') from stories where hidden_reason is not null)`.as(
          'hidden_ids',
        ),
      ])
      .selectAll('s')
      .orderBy('s.position', 'desc')
      .execute();
    const first = rows[0];
    return {
      ...readPointOf(first),
      total: Number(first?.visible ?? 0),
      hiddenIds: first?.hidden_ids ?? [],
      rows: rows.flatMap(
        ({ checkpoint: _, stories_table: _t, server_started: _s, visible: _v, hidden_ids: _h, ...story }) =>
          story.id === null ? [] : [story as StoryRow],
      ),
    };
  }
}

/**
 * Selected with every read of the cache, from the `projection_checkpoints` row aliased `c`: the
 * stories projection's checkpoint and what tells whether the table is still the one the cache
 * was built from (its oid, and the server's start).
 */
const READ_POINT = [
  'c.position as checkpoint',
  sql<string>`'stories'::regclass::oid::text`.as('stories_table'),
  sql<string>`pg_postmaster_start_time()::text`.as('server_started'),
] as const;

/** The checkpoint and the table's identity of a read's first row (none when the read found none). */
function readPointOf(
  first: { checkpoint: number | string | null; stories_table: string; server_started: string } | undefined,
): ReadPoint {
  return {
    checkpoint: Number(first?.checkpoint ?? 0),
    table: first?.stories_table ?? '',
    epoch: first?.server_started ?? '',
  };
}

interface ReadPoint {
  checkpoint: number;
  table: string;
  /** When the database server started (pg_postmaster_start_time). */
  epoch: string;
}

/** What `StoryListCache.changes` read. */
interface StoryChanges extends ReadPoint {
  /** A story was deleted after the position asked about. */
  deletions: boolean;
  rows: StoryRow[];
}

/** What `StoryListCache.newestStories` read. */
interface NewestStories extends ReadPoint {
  total: number;
  hiddenIds: string[];
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
