import { creatorMessages, refuse } from '@nocturne/domain';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type CreatorEvent, creatorDecider } from './creator-decider';
import { type FollowEvent, followDecider } from './follow-decider';
import { type InboxEvent, inboxDecider } from './inbox-decider';
import { type PenNameEvent, penNameDecider } from './pen-name-decider';

const now = new Date('2026-11-27T04:00:00.000Z');
const handle = 'night-owl';
const claim = (userKey: string) => command('ClaimPenName', { userKey }, now);
const release = (userKey: string) => command('ReleasePenName', { userKey }, now);
const claimed = (userKey: string): PenNameEvent => ({ type: 'PenNameClaimed', data: { userKey } });
const released = (userKey: string): PenNameEvent => ({ type: 'PenNameReleased', data: { userKey } });

describe('a pen name', () => {
  const given = deciderSpec(penNameDecider);

  it('is claimed when free, and again once its holder released it', () => {
    given()
      .when(claim('a'))
      .thenEvents([claimed('a')]);
    given(claimed('a'), released('a'))
      .when(claim('b'))
      .thenEvents([claimed('b')]);
  });

  it('is refused to a second account while the first holds it', () => {
    given(claimed('a')).when(claim('b')).thenRefuses(refuse('conflict', creatorMessages.penNameTaken));
  });

  it('taken twice at once: the claim decided on the stream before the other claim is refused on decision again', () => {
    // Both decided on the empty stream; the store keeps the first append and the second,
    // decided again on the stream that now holds the first, is refused.
    given()
      .when(claim('a'))
      .thenEvents([claimed('a')]);
    given()
      .when(claim('b'))
      .thenEvents([claimed('b')]);
    given(claimed('a')).when(claim('b')).thenRefuses(refuse('conflict', creatorMessages.penNameTaken));
  });

  it('asks nothing of its holder claiming it again (to write it another way, say)', () => {
    given(claimed('a')).when(claim('a')).thenNothing();
  });

  it('is released only by its holder', () => {
    given(claimed('a'))
      .when(release('a'))
      .thenEvents([released('a')]);
    given(claimed('b')).when(release('a')).thenNothing();
    given().when(release('a')).thenNothing();
  });
});

describe("an account's pen name", () => {
  const given = deciderSpec(creatorDecider);
  // The handler opens the name now (`current`) and seals the new one under the account's key.
  const sealed = (name: string) => `pii:v1:acc:${name}`;
  const choose = (penName: string, h: string, current: string | null) =>
    command(
      'ChoosePenName',
      {
        userKey: 'a',
        penName,
        current,
        sealed: current === penName ? null : { penName: sealed(penName), handle: sealed(h) },
      },
      now,
    );
  const chosen = (penName: string, h: string): CreatorEvent => ({
    type: 'PenNameChosen',
    data: { userKey: 'a', penName: sealed(penName), handle: sealed(h) },
  });

  it('is chosen and changed, sealed, and not recorded twice', () => {
    given()
      .when(choose('Night Owl', handle, null))
      .thenEvents([chosen('Night Owl', handle)]);
    given(chosen('Night Owl', handle))
      .when(choose('night owl', handle, 'Night Owl'))
      .thenEvents([chosen('night owl', handle)]);
    given(chosen('Night Owl', handle))
      .when(choose('Lark', 'lark', 'Night Owl'))
      .thenEvents([chosen('Lark', 'lark')]);
    given(chosen('Lark', 'lark'))
      .when(choose('Lark', 'lark', 'Lark'))
      .thenNothing();
  });
});

describe('following a creator', () => {
  const given = deciderSpec(followDecider);
  const pair = { followerKey: 'reader', creatorKey: 'creator' };
  const followed: FollowEvent = { type: 'CreatorFollowed', data: pair };
  const unfollowed: FollowEvent = { type: 'CreatorUnfollowed', data: pair };

  it('follows, and a second follow changes nothing', () => {
    given()
      .when(command('FollowCreator', pair, now))
      .thenEvents([followed]);
    given(followed)
      .when(command('FollowCreator', pair, now))
      .thenNothing();
  });

  it('unfollows only a creator followed', () => {
    given(followed)
      .when(command('UnfollowCreator', pair, now))
      .thenEvents([unfollowed]);
    given()
      .when(command('UnfollowCreator', pair, now))
      .thenNothing();
    given(followed, unfollowed)
      .when(command('UnfollowCreator', pair, now))
      .thenNothing();
  });

  it('refuses following oneself', () => {
    given()
      .when(command('FollowCreator', { followerKey: 'a', creatorKey: 'a' }, now))
      .thenRefuses(refuse('invalid', creatorMessages.followSelf));
  });
});

describe('reading notifications', () => {
  const given = deciderSpec(inboxDecider);
  const seen = (through: number): InboxEvent => ({
    type: 'NotificationsSeen',
    data: { userKey: 'r', through },
  });
  const see = (through: number) => command('SeeNotifications', { userKey: 'r', through }, now);

  it('moves forward only', () => {
    given()
      .when(see(10))
      .thenEvents([seen(10)]);
    given(seen(10))
      .when(see(12))
      .thenEvents([seen(12)]);
    given(seen(12)).when(see(10)).thenNothing();
    given(seen(12)).when(see(12)).thenNothing();
  });
});
