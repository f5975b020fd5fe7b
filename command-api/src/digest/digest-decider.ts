import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type DigestEvent = EventOf<'DigestSent'>;

/**
 * A story the digest may tell of, with the log position of its publication. `penName`: the
 * creator's pen name sealed under the creator's key (a reader's digest keeps no creator's name in
 * plain text, and the creator's erasure shreds it there too).
 */
export interface DigestCandidate {
  storyId: string;
  teaser: string;
  penName: string;
  position: number;
}

/**
 * What a day's digest is decided on: the member's account (their choice, their sealed address)
 * from `user-{userKey}`, and the digests already sent from `digest-{userKey}`.
 */
export interface DigestState {
  user: UserState;
  /** The day (YYYY-MM-DD, UTC) of the last digest sent; null before the first. */
  lastDay: string | null;
  /** The log position of the newest story the last digest told of. */
  through: number;
}

/** `stories`: the live stories of the creators the member follows now, published after `since`. */
export type SendDigest = Command<'SendDigest', { userKey: string; day: string; stories: DigestCandidate[] }>;

export const initialDigestState = (): DigestState => ({
  user: initialUserState(),
  lastDay: null,
  through: 0,
});

/** Folds both streams: the account's events and the digests sent. */
export function evolveDigest(
  state: DigestState,
  event: DigestEvent | UserEvent | RecordedEvent<DigestEvent | UserEvent>,
): DigestState {
  if (event.type === 'DigestSent') {
    return { ...state, lastDay: event.data.day, through: Math.max(state.through, event.data.through) };
  }
  return { ...state, user: evolveUser(state.user, event) };
}

/** The stories of a digest start after the last one's, and never before the member turned it on. */
export function digestSince(state: DigestState): number {
  return Math.max(state.through, state.user.emailDigestSince ?? 0);
}

/**
 * One digest a member a day, only while they want it and their address is verified, and only
 * with stories it has not told of yet: no new story, no mail.
 */
export function decideDigest(command: SendDigest, state: DigestState): Decision<DigestEvent | UserEvent> {
  const { user } = state;
  const { userKey, day } = command.data;
  if (user.status !== 'registered' || !user.verified || !user.emailDigest || !user.encryptedEmail) return [];
  if (state.lastDay !== null && state.lastDay >= day) return [];
  const since = digestSince(state);
  const stories = command.data.stories
    .filter((story) => story.position > since)
    .sort((a, b) => a.position - b.position);
  if (stories.length === 0) return [];
  return [
    {
      type: 'DigestSent',
      data: {
        userKey,
        day,
        through: stories.at(-1)!.position,
        email: user.encryptedEmail,
        stories: stories.map(({ storyId, teaser, penName }) => ({ storyId, teaser, penName })),
      },
    },
  ];
}

export const digestDecider: Decider<SendDigest, DigestState, DigestEvent | UserEvent> = {
  initialState: initialDigestState,
  evolve: evolveDigest,
  decide: decideDigest,
};
