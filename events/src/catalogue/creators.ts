import { z } from 'zod';
import { defineEvent } from './define';

/**
 * Creators: a pen name is claimed on its own stream (`pen_name-{digest of the handle}`,
 * streams.penName), so two accounts asking for one name at once contend on one stream revision
 * and one wins; the account's choice is recorded on `creator-{userKey}` (streams.creator), which
 * the read models follow.
 */
const Handle = z.string().min(2).max(30);
const PenName = z.string().min(2).max(30);

/** On `pen_name-{digest}`: the account now holds this pen name. */
export const PenNameClaimed = defineEvent(
  'PenNameClaimed',
  1,
  z.object({ handle: Handle, penName: PenName, userKey: z.string().min(1) }),
);

/** On `pen_name-{digest}`: the account chose another name; anyone may claim this one now. */
export const PenNameReleased = defineEvent(
  'PenNameReleased',
  1,
  z.object({ handle: Handle, userKey: z.string().min(1) }),
);

/** On `creator-{userKey}`: the account's stories show this pen name from now on (the earlier ones too). */
export const PenNameChosen = defineEvent(
  'PenNameChosen',
  1,
  z.object({ userKey: z.string().min(1), penName: PenName, handle: Handle }),
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
