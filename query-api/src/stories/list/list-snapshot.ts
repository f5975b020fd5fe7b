import { type CachedBody, cachedBody, jsonArray, type PreparedAnswer } from '@nocturne/http-kit';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type AnonymousView, PUBLIC_VIEW } from './anonymous-view';
import { growingCache } from './growing-cache';
import { type ListBody, type ListedStory, type ListPage, listed } from './listed-story';
import { encodeCursor, type PageRequest, startBelow } from './paging';
import {
  countStories,
  EVERY_STORY,
  filterKey,
  isEveryStory,
  type ListFilter,
  readStoryPage,
  type StoryRow,
} from './story-rows';

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
 *
 * Each cache is made when first used, and grows as it fills (growing-cache.ts): under a stream of
 * likes the list is replaced after every projector batch, and most snapshots are read once or
 * never (docs/performance.md, "Likes").
 */
class MadeFromStories {
  /** Anonymous first pages, by view and size (the landing's 5, the profile's 6, a page without ?limit). */
  readonly firstPages = new Map<AnonymousView, Map<number, ListBody>>();
  byId?: Map<string, ListedStory>;
  #anonymousPages?: LRUCache<string, ListBody>;
  #pages?: LRUCache<string, ListPage>;
  #counts?: LRUCache<string, number>;
  #others?: LRUCache<string, ListedStory>;
  #storyBodies?: LRUCache<string, CachedBody>;

  /** Anonymous pages further down, serialised. */
  get anonymousPages(): LRUCache<string, ListBody> {
    this.#anonymousPages ??= new LRUCache({
      maxSize: KEPT_PAGE_BYTES / 4,
      sizeCalculation: (p) => p.body.identity.bytes.length + 64,
    });
    return this.#anonymousPages;
  }

  /** Pages read from the read model (below the newest kept, a tag, hidden warnings). */
  get pages(): LRUCache<string, ListPage> {
    this.#pages ??= new LRUCache({ maxSize: KEPT_PAGE_BYTES, sizeCalculation: (p) => bytesOf(p.items) });
    return this.#pages;
  }

  /** Totals of filtered lists. */
  get counts(): LRUCache<string, number> {
    this.#counts ??= growingCache(KEPT_COUNTS);
    return this.#counts;
  }

  /** Stories outside the newest, read by id (a story page) at or after this snapshot's position. */
  get others(): LRUCache<string, ListedStory> {
    this.#others ??= growingCache(KEPT_OTHER_STORIES);
    return this.#others;
  }

  /** Each free story's own answer body (GET /api/stories/{id}). */
  get storyBodies(): LRUCache<string, CachedBody> {
    this.#storyBodies ??= growingCache(KEPT_OTHER_STORIES);
    return this.#storyBodies;
  }
}

/**
 * The story list as the stories projection had it at `position`: its newest stories (the first
 * pages every visitor asks for, up to the cache's bound), how many visible stories there are in
 * all, and the ids of the hidden ones (a moderator's hides are few) so that the total follows
 * each batch without counting the table. Anything else (a page further down, a tag, a reader's
 * hidden warnings) is read from the read model by index and kept, bounded, with the snapshot.
 * Made and replaced by the StoryListCache (story-list-cache.ts).
 */
export class ListSnapshot {
  /** Anonymous answers (anonymous-list-answer.ts), by page, ETag and status: they say their position. */
  #answers?: LRUCache<string, PreparedAnswer>;

  constructor(
    readonly position: number,
    /** The newest visible stories, newest first. */
    readonly newest: readonly ListedStory[],
    /** How many visible stories there are. */
    readonly total: number,
    readonly hiddenIds: ReadonlySet<string>,
    private readonly db: Kysely<ReadModel>,
    private readonly made = new MadeFromStories(),
  ) {}

  /**
   * The same stories at a later position (the projection moved, no story changed): the bodies
   * made so far are this one's too; the answers, which carry their position, are made again.
   */
  at(position: number): ListSnapshot {
    return new ListSnapshot(position, this.newest, this.total, this.hiddenIds, this.db, this.made);
  }

  /**
   * Other stories of the same read model (merged since this snapshot): what was made from these
   * stories is not theirs, so they start afresh.
   */
  replacedBy(
    position: number,
    newest: readonly ListedStory[],
    total: number,
    hiddenIds: ReadonlySet<string>,
  ): ListSnapshot {
    return new ListSnapshot(position, newest, total, hiddenIds, this.db);
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
      const start = startBelow(this.newest, page.before);
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
   * The anonymous body of a page (of every story, or of a tag's) in a view, when the page is at
   * hand (see `pageAtHand`): serialised once per snapshot, so its compressed variants are made
   * once too.
   */
  anonymousPage(
    page: PageRequest,
    filter: ListFilter = EVERY_STORY,
    view: AnonymousView = PUBLIC_VIEW,
  ): ListBody | undefined {
    const first = page.before === null && isEveryStory(filter);
    const key = first ? '' : `${view.name} ${pageKey(page, filter)}`;
    const kept = first ? this.made.firstPages.get(view)?.get(page.limit) : this.made.anonymousPages.get(key);
    if (kept) return kept;
    const found = this.pageAtHand(page, filter);
    if (!found) return undefined;
    const made: ListBody = {
      body: cachedBody(jsonArray(found.items.map(view.entry))),
      nextCursor: found.nextCursor,
      total: found.total,
    };
    if (!first) this.made.anonymousPages.set(key, made);
    else {
      let bySize = this.made.firstPages.get(view);
      if (!bySize) {
        bySize = new Map();
        this.made.firstPages.set(view, bySize);
      }
      bySize.set(page.limit, made);
    }
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
    this.#answers ??= growingCache(KEPT_ANSWERS);
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = make();
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
