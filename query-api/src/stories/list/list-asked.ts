import type { IncomingHttpHeaders } from 'node:http';
import { type AnonymousView, PUBLIC_VIEW } from './anonymous-view';
import { creatorFilterFrom, ratingFilterFrom, tagFilterFrom } from './label-filter';
import type { ListAccepts } from './list-answer-head';
import { type PageRequest, pageRequestFrom } from './paging';
import { EVERY_STORY, type ListFilter } from './story-rows';

/** What a request of GET /api/stories asks, read once for the hot lane and the route alike. */
export interface ListAsked extends ListAccepts {
  page: PageRequest;
  /** The stories asked for (tag, creator, rating); a reader's hidden warnings are added later. */
  filter: ListFilter;
  /** How the entries read if the answer is (or equals) the anonymous one. */
  view: AnonymousView;
}

function askedOf(page: PageRequest, filter: ListFilter, headers: IncomingHttpHeaders): ListAsked {
  return {
    page,
    filter,
    acceptEncoding: headers['accept-encoding'],
    ifNoneMatch: headers['if-none-match'],
    // Every request sees the public entries; a request that must see others is told apart here.
    view: PUBLIC_VIEW,
  };
}

/** The route's reading of a request: a bad limit, cursor, tag, creator or rating is a 400. */
export function listAskedFrom(query: unknown, headers: IncomingHttpHeaders): ListAsked {
  const page = pageRequestFrom(query);
  const tag = tagFilterFrom(query);
  const creator = creatorFilterFrom(query);
  const rating = ratingFilterFrom(query);
  return askedOf(page, { tag, creator, rating, hidden: [] }, headers);
}

/**
 * The hot lane's reading of a query string: `?limit=`, `?cursor=` and `?tag=` only, each at
 * most once, and valid; undefined for anything else, which the route reads (and refuses with
 * its 400).
 */
export function plainListAsked(query: string, headers: IncomingHttpHeaders): ListAsked | undefined {
  const given: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if ((name !== 'limit' && name !== 'cursor' && name !== 'tag') || name in given) return undefined;
    given[name] = value;
  }
  try {
    const tag = tagFilterFrom(given);
    const filter = tag === null ? EVERY_STORY : { ...EVERY_STORY, tag };
    return askedOf(pageRequestFrom(given), filter, headers);
  } catch {
    return undefined;
  }
}
