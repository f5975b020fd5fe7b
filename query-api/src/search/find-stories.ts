import type { ReadModel } from '@nocturne/projector/read-model';
import { type Kysely, sql } from 'kysely';
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
 * The live stories whose tags or texts hold the words, best match first: ts_rank_cd (a tag
 * match outranks mentions in the texts; more and closer matches rank higher), then the
 * newest. The GIN index finds the matches; only the best `limit` are joined to their stories.
 * A query to run (`.execute()`) or to explain (the bench and the tests check its plan).
 */
export function findStories(db: Kysely<ReadModel>, request: SearchRequest) {
  return db
    .with('matches', (db) =>
      db
        .selectFrom('story_search')
        .select([
          'story_id',
          'position',
          sql<number>`ts_rank_cd(${WEIGHTS}::float4[], document, ${tsquery(request.words)})`.as('rank'),
        ])
        .where(sql<boolean>`document @@ ${tsquery(request.words)}`)
        .orderBy('rank', 'desc')
        .orderBy('position', 'desc')
        .limit(request.limit),
    )
    .selectFrom('matches')
    .innerJoin('stories', 'stories.id', 'matches.story_id')
    .selectAll('stories')
    .orderBy('matches.rank', 'desc')
    .orderBy('matches.position', 'desc');
}
