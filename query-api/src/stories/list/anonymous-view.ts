import { type AgeGate, type ExplicitAccess, GATED, OPEN } from '../../age-assurance/age-gate';
import type { Signer } from '../../images/signed-ref';
import { fullStory, lockedStory, withExplicitAccess } from '../story-answer';
import type { ListedStory } from './listed-story';

/**
 * How the list's entries read to a visitor (nobody signed in). A snapshot keeps each shared
 * view's pages serialised, and their answers prepared, apart (list-snapshot.ts): the view is
 * chosen per request where a visitor's request is read (list-asked.ts), for the hot lane and the
 * route alike.
 */
export interface AnonymousView {
  /** Names the view among the snapshot's kept pages. */
  readonly name: string;
  /** How it shows an Explicit story (age-assurance/age-gate.ts). */
  readonly access: ExplicitAccess;
  /**
   * The view is one viewer's own (its images signed for them): its pages are never kept with the
   * snapshot nor shared.
   */
  readonly personal: boolean;
  /** A story's entry in this view, serialised. */
  entry(story: ListedStory): string;
}

/** The entries anyone may see: a free story in full, a premium one locked (ListedStory.json). */
export const PUBLIC_VIEW: AnonymousView = {
  name: 'public',
  access: OPEN,
  personal: false,
  entry: (story) => story.json,
};

/**
 * Where the viewer must be assured to be an adult and is not: the public entries, but an
 * Explicit story's as its card's words only (ListedStory.gated, serialised once with the snapshot).
 */
export const AGE_GATED_VIEW: AnonymousView = {
  name: 'age-gated',
  access: GATED,
  personal: false,
  entry: (story) => story.gated,
};

/** A viewer assured where assurance is required: an Explicit story's images signed for them. */
export function assuredView(signer: Signer): AnonymousView {
  const access: ExplicitAccess = { kind: 'assured', signer };
  return {
    name: 'assured',
    access,
    personal: true,
    entry: (story) =>
      story.row.card.rating === 'explicit'
        ? JSON.stringify(
            withExplicitAccess(story.row, access, () =>
              story.row.is_premium ? lockedStory(story.row) : fullStory(story.row, null),
            ),
          )
        : story.json,
  };
}

/**
 * A visitor's view: public where nothing is required of them; else assured by the age token
 * they carry, or gated. Without a token (the hot lane's requests) it allocates nothing.
 */
export function visitorView(gate: AgeGate, headers: Parameters<AgeGate['requiredFor']>[0], now: () => Date) {
  if (!gate.requiredFor(headers)) return PUBLIC_VIEW;
  const signer = headers['x-age-assurance'] === undefined ? null : gate.visitorSigner(headers, now());
  return signer ? assuredView(signer) : AGE_GATED_VIEW;
}
