import { createHmac } from 'node:crypto';

/** Trimmed and lower-cased: the one form of an address used for keys and comparisons. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The pseudonymous key of a user stream: an HMAC of the normalised address, so the stream
 * name reveals nothing and one address always maps to one stream (uniqueness by revision).
 */
export function userKeyOf(email: string, secret: string): string {
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('hex').slice(0, 32);
}

export const streams = {
  user: (userKey: string) => `user-${userKey}`,
  story: (storyId: string) => `story-${storyId}`,
  storyLikes: (storyId: string) => `story_likes-${storyId}`,
  storyViews: (storyId: string) => `story_views-${storyId}`,
  waitlist: (key: string) => `waitlist-${key}`,
} as const;

export function idOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
