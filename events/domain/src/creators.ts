/** The name shown on a story whose creator has no pen name (the admin's, and the oldest ones). */
export const PRODUCT_NAME = 'Nocturne';

export const PEN_NAME_MIN = 2;
export const PEN_NAME_MAX = 30;

/** Letters and digits of any script, spaces, `-` and `_`. */
const PEN_NAME_CHARACTERS = /^[\p{L}\p{N} _-]+$/u;

export const creatorMessages = {
  penNameRequired: 'Choose a pen name to publish your first story.',
  penNameLength: `A pen name has ${PEN_NAME_MIN} to ${PEN_NAME_MAX} characters.`,
  penNameCharacters: 'A pen name may hold letters, digits, spaces, - and _ only.',
  penNameTaken: 'This pen name is taken. Please choose another.',
  notFound: 'Creator not found',
  followSelf: 'You cannot follow yourself.',
  notFollowing: 'You do not follow this creator.',
  alreadyFollowing: 'You follow this creator already.',
} as const;

/** The daily e-mail digest of new stories from the creators a member follows. */
export const digestMessages = {
  enabledRequired: 'must be true or false',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive the daily digest.',
} as const;

/** The pen name as it is kept: trimmed, inner runs of spaces made one. */
export function tidyPenName(penName: string): string {
  return penName.trim().replace(/\s+/g, ' ');
}

/** Why a pen name (tidied) cannot be chosen, or null when it can. */
export function penNameProblem(penName: string): string | null {
  const name = tidyPenName(penName);
  if (name.length < PEN_NAME_MIN || name.length > PEN_NAME_MAX) return creatorMessages.penNameLength;
  if (!PEN_NAME_CHARACTERS.test(name)) return creatorMessages.penNameCharacters;
  if (!/[\p{L}\p{N}]/u.test(name)) return creatorMessages.penNameCharacters;
  return null;
}

/**
 * The creator's address (`/creator/{handle}`) and the key of the name's uniqueness: lower case,
 * spaces as dashes. Two names that differ only there ("Night Owl", "night-owl") are one name.
 */
export function handleOf(penName: string): string {
  return tidyPenName(penName).toLowerCase().replace(/ /g, '-');
}

/** Who made a story, as a card and the reader show it: no handle when it is the product's own. */
export interface StoryCreator {
  name: string;
  handle: string | null;
}

export const productCreator: StoryCreator = { name: PRODUCT_NAME, handle: null };

/** A creator's page header (GET /api/creators/{handle}). */
export interface CreatorProfile {
  penName: string;
  handle: string;
  stories: number;
  followers: number;
  /** The viewer follows this creator (false for a visitor). */
  following: boolean;
  /** The viewer is this creator. */
  isMe: boolean;
}

/** One entry of a reader's notification list. */
export interface CreatorNotification {
  id: string;
  storyId: string;
  creator: { name: string; handle: string };
  at: string;
  read: boolean;
}
