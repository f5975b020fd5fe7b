import { cachedBody, jsonArray } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import { OPEN } from '../../age-assurance/age-gate';
import { memberAssured } from '../../age-assurance/explicit-access';
import type { QueryApiDeps } from '../../deps';
import type { Signer } from '../../images/signed-ref';
import { hiddenWarningsOf } from '../../labels/hidden-warnings';
import { coverStory, fullStory, signedImages, withExplicitAccess } from '../story-answer';
import { signerFor, unlockedBy, viewerOf } from '../viewer';
import { type AnonymousView, assuredView } from './anonymous-view';
import type { ListAsked } from './list-asked';
import type { ListSnapshot } from './list-snapshot';
import type { ListBody, ListedStory } from './listed-story';
import type { StoryRow } from './story-rows';
import { isEveryStory } from './story-rows';

/** How a signed-in viewer's list reads: their entries, and the warnings they hide. */
export interface OwnEntries {
  /** The content warnings whose stories their list leaves out, sorted. */
  hidden: readonly string[];
  entry(story: ListedStory): string;
  /** Every entry reads as the anonymous one: a list of every story is the anonymous page's bytes. */
  asAnonymous: boolean;
}

/**
 * A story in full as the staff's list shows it, with how many slides it has; a hidden one with
 * the statement of its hide, and its images signed for the session (served to staff only).
 */
function adminStory(row: StoryRow, signer: Signer | null) {
  const story = { ...fullStory(row, signer), slides: row.slides.length };
  if (row.hidden_reason === null) return story;
  const hidden = { ...story, hiddenReason: row.hidden_reason };
  return signer ? signedImages(hidden, signer) : hidden;
}

/**
 * An admin's entries: every story in full, with how many slides it has; where age assurance is
 * required (`ageGated`), an Explicit story's images signed for them, as an <img> sends no code.
 */
export async function adminEntries(
  request: FastifyRequest,
  deps: QueryApiDeps,
  ageGated: boolean,
): Promise<OwnEntries> {
  const signer = signerFor(await viewerOf(request, deps), deps);
  const access = ageGated && signer ? ({ kind: 'assured', signer } as const) : OPEN;
  return {
    hidden: [],
    entry: (s) => JSON.stringify(withExplicitAccess(s.row, access, () => adminStory(s.row, signer))),
    asAnonymous: false,
  };
}

/** A visitor's own entries (an assured visitor's view, anonymous-view.ts). */
export function visitorEntries(view: AnonymousView): OwnEntries {
  return { hidden: [], entry: view.entry, asAnonymous: false };
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
  const [hidden, unlocked, assured] = await Promise.all([
    hiddenWarningsOf(deps, viewer.user?.userKey),
    unlockedBy(deps, viewer.user),
    // A member assured on their own account reads Explicit stories on any device.
    view.access.kind === 'gated' && viewer.user && signer ? memberAssured(deps, viewer.user) : false,
  ]);
  const shown = assured && signer ? assuredView(signer) : view;
  const mayUnlock = Boolean(viewer.user?.premium_member && viewer.user.premium_stories_remaining > 0);
  return {
    hidden: [...new Set(hidden)].sort(),
    entry: (s) => {
      if (!s.row.is_premium || !signer) return shown.entry(s);
      // A premium Explicit story the reader may not see yet: its card's words, whatever they unlocked.
      if (s.row.card.rating === 'explicit' && shown.access.kind === 'gated') return shown.entry(s);
      const own = unlocked.has(s.row.id)
        ? fullStory(s.row, signer)
        : mayUnlock
          ? coverStory(s.row, signer)
          : undefined;
      return own ? JSON.stringify(withExplicitAccess(s.row, shown.access, () => own)) : shown.entry(s);
    },
    asAnonymous: unlocked.size === 0 && !mayUnlock && !shown.personal,
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
    own.asAnonymous &&
    !asked.view.personal &&
    isEveryStory(filter) &&
    snapshot.anonymousPage(asked.page, filter, asked.view);
  const body = anonymous ? anonymous.body : cachedBody(jsonArray(items.map(own.entry)));
  return { body, nextCursor, total };
}
