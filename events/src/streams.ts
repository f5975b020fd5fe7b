import { createHmac } from 'node:crypto';

/** Trimmed and lower-cased: the one form of an address used for keys and comparisons. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key user streams (and waitlist entries) had before address claims: an HMAC of the
 * normalised address under APP_SECRET. Nothing in the product computes it any more (accounts are
 * found through their claims, docs/decisions/0011-address-key-and-older-accounts.md); tests use
 * it to write an account as it was then, and the scale bench as a key it can compute again.
 */
export function userKeyOf(email: string, secret: string): string {
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('hex').slice(0, 32);
}

/**
 * The staff id staff members had before staff claims: like the user key, an HMAC of the
 * normalised address under APP_SECRET, under its own label. Nothing in the product computes it
 * any more (staff are found through their staff claims, docs/decisions/0011); tests use it to
 * write a staff member as they were then.
 */
export function staffIdOf(email: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`staff:${normaliseEmail(email)}`)
    .digest('hex')
    .slice(0, 32);
}

export const streams = {
  /** One age check: how it was started and answered (catalogue/age-checks.ts). */
  ageCheck: (checkId: string) => `age_check-${checkId}`,
  user: (userKey: string) => `user-${userKey}`,
  story: (storyId: string) => `story-${storyId}`,
  storyLikes: (storyId: string) => `story_likes-${storyId}`,
  storyViews: (storyId: string) => `story_views-${storyId}`,
  waitlist: (key: string) => `waitlist-${key}`,
  /**
   * One account's progress, finish and bookmark of one story (catalogue/reading.ts). Named by the
   * account id, not the address's key: an address that signs up again after its account was
   * erased starts a new account whose reading shares nothing with the erased one's.
   */
  reading: (accountId: string, storyId: string) => `account_reading-${accountId}-${storyId}`,
  /**
   * The reading streams recorded before they were named by account: by the address's key, so
   * every account the address ever had wrote to the same one (read with legacyReadingEvents).
   */
  legacyReading: (userKey: string, storyId: string) => `reading-${userKey}-${storyId}`,
  /** The reports of one story and the moderation decisions and appeals on it (catalogue/moderation.ts). */
  storyReports: (storyId: string) => `story_reports-${storyId}`,
  /** The curated tag list (catalogue/labels.ts): one stream. */
  tagCatalogue: () => 'tag_catalogue-main',
  /** One staff member's invitation, credentials, logins, role and removal (catalogue/staff.ts). */
  staff: (staffId: string) => `staff-${staffId}`,
  /** One pen name's claims and releases (catalogue/creators.ts): keyed by a digest of its handle. */
  penName: (handle: string) =>
    `pen_name-${createHmac('sha256', 'pen-name').update(handle).digest('hex').slice(0, 32)}`,
  /** One account's pen name as a creator. */
  creator: (userKey: string) => `creator-${userKey}`,
  /** One reader following one creator. */
  follow: (followerKey: string, creatorKey: string) => `follow-${followerKey}-${creatorKey}`,
  /** One reader's notifications read so far. */
  inbox: (userKey: string) => `inbox-${userKey}`,
  /** The daily e-mail digests sent to one member (catalogue/digest.ts). */
  digest: (userKey: string) => `digest-${userKey}`,
  /** The password resets asked for addresses with no account (catalogue/users.ts): one stream, naming nobody. */
  unmatchedResetRequests: () => 'reset_requests-unmatched',
  /** One purchase: started by the reader, paid, reversed (catalogue/payments.ts). */
  purchase: (purchaseId: string) => `purchase-${purchaseId}`,
  /**
   * One processor transaction's notice, stored once: the transaction id is unique in the log.
   * Ids are the processor's (digits for Verotel), kept to a safe alphabet by the adapter.
   */
  paymentNotice: (provider: string, transactionId: string) => `payment_notice-${provider}-${transactionId}`,
  /** One day's reconciliation of a processor's transactions with the log. */
  reconciliation: (provider: string, day: string) => `reconciliation-${provider}-${day}`,
} as const;

/** The account id and story id of an `account_reading-{accountId}-{storyId}` stream. */
export function readingStreamParts(streamName: string): { accountId: string; storyId: string } | null {
  const match = /^account_reading-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(.+)$/i.exec(
    streamName,
  );
  return match ? { accountId: match[1] as string, storyId: match[2] as string } : null;
}

/** The user key and story id of a legacy `reading-{userKey}-{storyId}` stream (user keys hold no dash). */
export function legacyReadingStreamParts(streamName: string): { userKey: string; storyId: string } | null {
  const match = /^reading-([0-9a-f]+)-(.+)$/.exec(streamName);
  return match ? { userKey: match[1] as string, storyId: match[2] as string } : null;
}

export function idOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
