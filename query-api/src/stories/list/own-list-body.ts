import { cachedBody, jsonArray } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { QueryApiDeps } from '../../deps';
import { hiddenWarningsOf } from '../../labels/hidden-warnings';
import { coverStory, fullStory } from '../story-answer';
import { signerFor, unlockedBy, viewerOf } from '../viewer';
import type { AnonymousView } from './anonymous-view';
import type { ListAsked } from './list-asked';
import type { ListSnapshot } from './list-snapshot';
import type { ListBody, ListedStory } from './listed-story';
import { isEveryStory } from './story-rows';

/** How a signed-in viewer's list reads: their entries, and the warnings they hide. */
export interface OwnEntries {
  /** The content warnings whose stories their list leaves out, sorted. */
  hidden: readonly string[];
  entry(story: ListedStory): string;
  /** Every entry reads as the anonymous one: a list of every story is the anonymous page's bytes. */
  asAnonymous: boolean;
}

/** An admin's entries: every story in full, with how many slides it has. */
export async function adminEntries(request: FastifyRequest, deps: QueryApiDeps): Promise<OwnEntries> {
  const signer = signerFor(await viewerOf(request, deps), deps);
  return {
    hidden: [],
    entry: (s) => JSON.stringify({ ...fullStory(s.row, signer), slides: s.row.slides.length }),
    asAnonymous: false,
  };
}

/**
 * A reader's entries: the premium stories they unlocked in full; while they have premium stories
 * left, the others' covers (opening one is what spends one); every other entry as anonymous.
 */
export async function readerEntries(
  request: FastifyRequest,
  deps: QueryApiDeps,
  view: AnonymousView,
): Promise<OwnEntries> {
  const viewer = await viewerOf(request, deps);
  const signer = signerFor(viewer, deps);
  const [hidden, unlocked] = await Promise.all([
    hiddenWarningsOf(deps, viewer.user?.userKey),
    unlockedBy(deps, viewer.user),
  ]);
  const mayUnlock = Boolean(viewer.user?.premium_member && viewer.user.premium_stories_remaining > 0);
  return {
    hidden: [...new Set(hidden)].sort(),
    entry: (s) => {
      if (!s.row.is_premium || !signer) return view.entry(s);
      if (unlocked.has(s.row.id)) return JSON.stringify(fullStory(s.row, signer));
      return mayUnlock ? JSON.stringify(coverStory(s.row, signer)) : view.entry(s);
    },
    asAnonymous: unlocked.size === 0 && !mayUnlock,
  };
}

/** A signed-in viewer's page: the page of what they asked, less what they hide, in their entries. */
export async function ownListBody(
  snapshot: ListSnapshot,
  asked: ListAsked,
  own: OwnEntries,
): Promise<ListBody> {
  const filter = own.hidden.length === 0 ? asked.filter : { ...asked.filter, hidden: own.hidden };
  const { items, nextCursor, total } = await snapshot.page(asked.page, filter);
  const anonymous =
    own.asAnonymous && isEveryStory(filter) && snapshot.anonymousPage(asked.page, filter, asked.view);
  const body = anonymous ? anonymous.body : cachedBody(jsonArray(items.map(own.entry)));
  return { body, nextCursor, total };
}
