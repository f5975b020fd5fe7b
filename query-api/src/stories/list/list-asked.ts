import type { IncomingHttpHeaders } from 'node:http';
import type { AnonymousView } from './anonymous-view';
import { creatorFilterFrom, ratingFilterFrom, tagFilterFrom } from './label-filter';
import type { ListAccepts } from './list-answer-head';
import { type PageRequest, pageRequestFrom } from './paging';
import { stateFilterFrom } from './state-filter';
import { EVERY_STORY, type ListFilter } from './story-rows';

/** What a request of GET /api/stories asks, read once for the hot lane and the route alike. */
export interface ListAsked extends ListAccepts {
  page: PageRequest;
  /** The stories asked for (state, tag, creator, rating); a reader's hidden warnings are added later. */
  filter: ListFilter;
  /** How the entries read if the answer is (or equals) the anonymous one. */
  view: AnonymousView;
}

function askedOf(
  page: PageRequest,
  filter: ListFilter,
  headers: IncomingHttpHeaders,
  view: AnonymousView,
): ListAsked {
  return {
    page,
    filter,
    acceptEncoding: headers['accept-encoding'],
    ifNoneMatch: headers['if-none-match'],
    view,
  };
}

/**
 * The route's reading of a request: a bad limit, cursor, state, tag, creator or rating is a 400. `view`
 * is the visitor's (anonymous-view.ts: visitorView), as the age-assurance policy has it.
 */
export function listAskedFrom(query: unknown, headers: IncomingHttpHeaders, view: AnonymousView): ListAsked {
  const page = pageRequestFrom(query);
  const tag = tagFilterFrom(query);
  const creator = creatorFilterFrom(query);
  const rating = ratingFilterFrom(query);
  const state = stateFilterFrom(query);
  return askedOf(page, { state, tag, creator, rating, hidden: [] }, headers, view);
}

/**
 * The hot lane's reading of a query string: `?limit=`, `?cursor=` and `?tag=` only, each at
 * most once, and valid; undefined for anything else, which the route reads (and refuses with
 * its 400).
 */
export function plainListAsked(
  query: string,
  headers: IncomingHttpHeaders,
  view: AnonymousView,
): ListAsked | undefined {
  const given: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if ((name !== 'limit' && name !== 'cursor' && name !== 'tag') || name in given) return undefined;
    given[name] = value;
  }
  try {
    const tag = tagFilterFrom(given);
    const filter = tag === null ? EVERY_STORY : { ...EVERY_STORY, tag };
    return askedOf(pageRequestFrom(given), filter, headers, view);
  } catch {
    return undefined;
  }
}
