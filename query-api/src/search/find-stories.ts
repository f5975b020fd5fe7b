import type { ReadModel, StoriesTable } from '@nocturne/projector/read-model';
import { type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { SearchRequest } from './search-request';

/**
 * The words as a tsquery, in the configuration the documents were built with (migration 0010).
 * websearch_to_tsquery reads anything a visitor types (quotes, "or", a leading "-" to exclude)
 * and never fails on syntax; words that are all stop words give an empty query: no match.
 */
const tsquery = (words: string) => sql`websearch_to_tsquery('english'::regconfig, ${words})`;

/**
 * ts_rank_cd's weights of the D, C, B and A labels. A tag (A) is what the writer says the story is
 * about: it weighs as much as ten mentions in the texts (B; PostgreSQL's default makes it 2.5,
 * so three passing mentions outranked the tag).
 */
const WEIGHTS = sql.lit('{0.01, 0.02, 0.1, 1.0}');

/**
 * Which stories a search may match on their whole text. `everything`: the admin, who reads every
 * story. `readable`: a member, who reads the free stories and the premium ones listed (those they
 * unlocked, while they have premium); any other premium story is shown to them as its card, so
 * it matches only on what the card shows (its tags and the opening words of its first text),
 * never on a word of the slides they cannot see. So is an Explicit story for a member who must
 * be assured to be an adult and is not (`explicitByCard`).
 */
export type SearchScope =
  | { kind: 'everything' }
  | { kind: 'readable'; premium: readonly string[]; explicitByCard?: boolean };

/**
 * How many of the newest matches a search ranks (a member's, as many of each of its two matches).
 * Ranking reads each match's whole document: a word most stories hold would rank nearly every
 * story, and the work would grow with the library. The newest matches bound it, found by walking
 * the stories newest first while the word is common (every few rows match) and through the GIN
 * index while it is rare. The walk to fill the window, the sort of a rarer word's matches and the
 * ranking all grow with it: five times the largest page (MAX_SEARCH_LIMIT) keeps a page the best
 * of many, and the slowest word of the spectrum fast (docs/performance.md, "Search").
 */
export const RANKED_WINDOW = 250;

/**
 * The ids of the live stories whose tags or texts hold the words, best match first among the
 * newest `window` matches (at least the request's limit): ts_rank_cd (a tag match outranks
 * mentions in the texts; more and closer matches rank higher), then the newest. A premium story
 * the searcher may not read is matched and ranked on its card's words (`card_document`) instead,
 * among the newest of those. A query to run, or to explain (the bench and the tests check its
 * plan).
 */
export function rankedMatches(
  db: Kysely<ReadModel>,
  request: SearchRequest,
  scope: SearchScope,
  window = RANKED_WINDOW,
) {
  const query = tsquery(request.words);
  const size = Math.max(window, request.limit);
  // Every match of the rating asked for, or of any.
  const searched = () =>
    request.rating
      ? db.selectFrom('story_search').where('rating', '=', request.rating)
      : db.selectFrom('story_search');
  // The newest matches in a subquery, ranked outside it: ranked in the same select, a plan that
  // sorts every match by position would rank every one of them before the limit.
  const newestRanked = (
    document: 'document' | 'card_document',
    matches: SelectQueryBuilder<ReadModel, 'story_search', object>,
  ) =>
    db
      .selectFrom(
        matches
          .select(['story_id', 'position', document])
          .where(sql<boolean>`${sql.ref(document)} @@ ${query}`)
          .orderBy('position', 'desc')
          .limit(size)
          .as('newest'),
      )
      .select([
        'story_id',
        'position',
        sql<number>`ts_rank_cd(${WEIGHTS}::float4[], ${sql.ref(document)}, ${query})`.as('rank'),
      ]);
  if (scope.kind === 'everything') {
    return newestRanked('document', searched())
      .orderBy('rank', 'desc')
      .orderBy('position', 'desc')
      .limit(request.limit);
  }
  // Two matches, each found by its own index and filtered by cheap columns alone: one OR over
  // both documents made every candidate row test both again, a whole document read each time.
  const unlocked = sql<boolean>`story_id = any(${[...scope.premium]}::text[])`;
  const readableRows = searched().where((eb) => eb.or([eb('is_premium', '=', false), unlocked]));
  const lockedRows = (eb: ExpressionBuilder<ReadModel, 'story_search'>) =>
    eb.and([eb('is_premium', '=', true), eb.not(unlocked)]);
  const readable = newestRanked(
    'document',
    scope.explicitByCard ? readableRows.where('rating', '!=', 'explicit') : readableRows,
  );
  const carded = newestRanked(
    'card_document',
    searched().where((eb) =>
      scope.explicitByCard ? eb.or([lockedRows(eb), eb('rating', '=', 'explicit')]) : lockedRows(eb),
    ),
  );
  return db
    .selectFrom(readable.unionAll(carded).as('matches'))
    .select(['story_id', 'position', 'rank'])
    .orderBy('rank', 'desc')
    .orderBy('position', 'desc')
    .limit(request.limit);
}

/** How many searches' answers are kept (the same words are asked again and again). */
const KEPT_SEARCHES = 1000;

/**
 * How many searches this process ranks in the database at once; the others wait their turn.
 * Ranking a common word reads hundreds of documents (RANKED_WINDOW): ten at once share the
 * database's cores, and each takes ten times as long, short searches included. Taken in turn, a
 * search waits for the ones ahead of it and then runs at full speed, so the tail latency drops at
 * the same throughput (docs/performance.md, "Search"). The rest of the product keeps cores of the
 * database free meanwhile.
 */
const RANKED_AT_ONCE = 2;

/**
 * How many searches may wait for their turn to rank. Beyond it a search is refused at once (the
 * route answers 503 with Retry-After) rather than queued behind minutes of others' searches,
 * holding its memory and its client meanwhile.
 */
export const RANKING_QUEUE = 32;

/** Too many searches are waiting to rank: this one was not queued. */
export class SearchQueueFull extends Error {
  override readonly name = 'SearchQueueFull';
}

/** A visible story's row the caller already holds, by id (the list's snapshot), or undefined. */
export type RowsAtHand = (id: string) => Selectable<StoriesTable> | undefined;

/**
 * Finds the stories for a search. Ranking a common word reads the documents of its newest
 * matches, hundreds of them, so each search's ranked ids are kept in memory for the version of
 * story_search they were read at (the position of its last change): the same words are ranked
 * once per version. A publish, relabel or delete makes a new version; likes and views do not.
 * The stories' rows (their likes and views) are taken from the caller's rows at hand, as fresh
 * as the story list, and the others read each time, by id.
 */
export class StoryFinder {
  private version = -1;
  private readonly kept = new LRUCache<string, string[]>({ max: KEPT_SEARCHES });
  private readonly ranking = pLimit(RANKED_AT_ONCE);
  private readonly queueLength: number;
  private readonly window: number;

  constructor(
    private readonly db: Kysely<ReadModel>,
    { queue = RANKING_QUEUE, window = RANKED_WINDOW }: { queue?: number; window?: number } = {},
  ) {
    this.queueLength = queue;
    this.window = window;
  }

  /**
   * The stories' rows, best match first. A common word's matches are the newest stories, which
   * the list keeps in memory: their rows (and their cards' JSON, which the database would send
   * and this process parse again) come from `atHand`, and only the others are read.
   */
  async find(
    request: SearchRequest,
    scope: SearchScope,
    atHand: RowsAtHand = () => undefined,
  ): Promise<Selectable<StoriesTable>[]> {
    const ids = await this.rankedIds(request, scope);
    if (ids.length === 0) return [];
    const byId = new Map<string, Selectable<StoriesTable>>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = atHand(id);
      if (row) byId.set(id, row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.db
        .selectFrom('stories')
        .selectAll()
        .where('id', 'in', missing)
        .where('hidden_reason', 'is', null)
        .execute();
      for (const row of rows) byId.set(row.id, row);
    }
    // A story deleted a moment ago may still be in story_search, and a hidden one stays there
    // (a restore brings it back as it was): both are left out.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private async rankedIds(request: SearchRequest, scope: SearchScope): Promise<string[]> {
    // Members who unlocked nothing (most of them) share one answer per words; the others each
    // their own, as their matches differ.
    const scoped =
      scope.kind === 'everything'
        ? '*'
        : `${scope.explicitByCard ? 'x' : ''}:${[...scope.premium].sort().join(' ')}`;
    const key = `${scoped}\u0000${request.limit}\u0000${request.rating ?? ''}\u0000${request.words}`;
    // The version is read only to trust a kept answer: a search not kept goes straight to its
    // ranking, which reads the version in the same statement.
    const kept = this.kept.get(key);
    if (kept && (await versionOf(this.db)) === this.version) return kept;
    if (this.ranking.pendingCount >= this.queueLength) throw new SearchQueueFull();
    const read = await this.ranking(() => rankedIdsAndVersion(this.db, request, scope, this.window));
    this.keep(read.version, key, read.ids);
    return read.ids;
  }

  private keep(version: number, key: string, ids: string[]): void {
    if (version < this.version) return; // an older snapshot than the kept ones
    if (version > this.version) {
      this.kept.clear();
      this.version = version;
    }
    this.kept.set(key, ids);
  }
}

/**
 * The ranked ids and the version of story_search they were read at, in one statement: one
 * snapshot for both, without a transaction's four more round trips. array_agg's own ORDER BY
 * keeps the rank order (an aggregate's input order is otherwise unspecified).
 */
async function rankedIdsAndVersion(
  db: Kysely<ReadModel>,
  request: SearchRequest,
  scope: SearchScope,
  window: number,
) {
  const row = await db
    .with('ranked', () => rankedMatches(db, request, scope, window))
    .selectNoFrom((eb) => [
      eb.selectFrom('story_search_version').select('changed_at').as('version'),
      eb
        .selectFrom('ranked')
        .select(
          sql<string[]>`coalesce(array_agg(story_id order by rank desc, position desc), '{}')`.as('ids'),
        )
        .as('ids'),
    ])
    .executeTakeFirstOrThrow();
  return { version: row.version ?? 0, ids: row.ids ?? [] };
}

/** The position of story_search's last change (projections/search: story_search_version). */
async function versionOf(db: Kysely<ReadModel>): Promise<number> {
  const row = await db.selectFrom('story_search_version').select('changed_at').executeTakeFirst();
  return row?.changed_at ?? 0;
}
