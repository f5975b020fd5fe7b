import { z } from 'zod';
import { defineEvent } from './define';
import { Encrypted } from './fields';

/**
 * The daily e-mail digest of new stories from the creators a member follows. The member's
 * choice is on their own stream (`user-{userKey}`); each digest sent is a fact on
 * `digest-{userKey}` (streams.digest), appended with the stream's revision, so that two
 * processes, or a restart, deciding the same day's digest store one and mail one.
 */

/** On `user-{userKey}`: the member turned the daily digest on or off (off until they turn it on). */
export const EmailDigestChosen = defineEvent('EmailDigestChosen', 1, z.object({ enabled: z.boolean() }));

/**
 * `penName`: the creator's pen name sealed under the creator's key, so their erasure shreds it
 * in every reader's digest too; `legacyPenName`: the plain text of version 1 digests.
 */
const DigestStory = z.object({
  storyId: z.string().min(1),
  teaser: z.string(),
  penName: Encrypted.nullable(),
  legacyPenName: z.string().optional(),
});

/**
 * On `digest-{userKey}`: the day's digest, listing the stories it tells of; the mail reactor
 * sends it to `email` (sealed under the member's key, so erasure shreds it). `through` is the
 * log position of the newest story told of: the next digest starts after it.
 */
export const DigestSent = defineEvent(
  'DigestSent',
  2,
  z.object({
    userKey: z.string().min(1),
    day: z.iso.date(),
    through: z.number().int().min(0),
    email: Encrypted,
    stories: z.array(DigestStory).min(1),
  }),
);

export const digestEvents = [EmailDigestChosen, DigestSent] as const;
