import { z } from 'zod';
import { defineEvent } from './define';
import { Encrypted } from './fields';

/**
 * Creators: a pen name is claimed on its own stream (`pen_name-{digest of the handle}`,
 * streams.penName), so two accounts asking for one name at once contend on one stream revision
 * and one wins; the account's choice is recorded on `creator-{userKey}` (streams.creator), which
 * the read models follow. A pen name is personal data: the choice holds it sealed under the
 * account's key, so erasure shreds it, and the name's own stream holds only who has it.
 */
const Handle = z.string().min(2).max(30);
const PenName = z.string().min(2).max(30);

/**
 * On `pen_name-{digest}`: the account now holds this pen name. Version 2 names only the holder;
 * version 1 also held the name and handle in plain text, which its upcaster leaves out.
 */
export const PenNameClaimed = defineEvent('PenNameClaimed', 2, z.object({ userKey: z.string().min(1) }));

/**
 * On `pen_name-{digest}`: the account chose another name, or was erased; anyone may claim this
 * one now. Version 2 names only the holder, as the claim does.
 */
export const PenNameReleased = defineEvent('PenNameReleased', 2, z.object({ userKey: z.string().min(1) }));

/**
 * On `creator-{userKey}`: the account's stories show this pen name from now on (the earlier ones
 * too). Version 2 seals the name and its handle under the account's key; version 1 held them in
 * plain text, which its upcaster moves to the legacy fields (read both with `penNamesOf` in
 * `@nocturne/vault`).
 */
export const PenNameChosen = defineEvent(
  'PenNameChosen',
  2,
  z.object({
    userKey: z.string().min(1),
    penName: Encrypted.nullable(),
    handle: Encrypted.nullable(),
    legacyPenName: PenName.nullable().optional(),
    legacyHandle: Handle.nullable().optional(),
  }),
);

/** On `follow-{followerKey}-{creatorKey}`: a reader follows a creator, told when they publish. */
export const CreatorFollowed = defineEvent(
  'CreatorFollowed',
  1,
  z.object({ followerKey: z.string().min(1), creatorKey: z.string().min(1) }),
);

export const CreatorUnfollowed = defineEvent(
  'CreatorUnfollowed',
  1,
  z.object({ followerKey: z.string().min(1), creatorKey: z.string().min(1) }),
);

/** On `inbox-{userKey}`: the reader opened their notifications; those up to `through` are read. */
export const NotificationsSeen = defineEvent(
  'NotificationsSeen',
  1,
  z.object({ userKey: z.string().min(1), through: z.number().int().min(0) }),
);

export const creatorEvents = [
  PenNameClaimed,
  PenNameReleased,
  PenNameChosen,
  CreatorFollowed,
  CreatorUnfollowed,
  NotificationsSeen,
] as const;
