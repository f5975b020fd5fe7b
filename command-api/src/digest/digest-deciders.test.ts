import { accountMessages, refuse, type UserEvent } from '@nocturne/domain';
import { TEST_ACCOUNT_ID, userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type DigestCandidate, type DigestEvent, digestDecider } from './digest-decider';
import { emailDigestDecider } from './email-digest-decider';

const now = new Date('2026-11-27T07:00:00.000Z');
const registered = userRegistered();
const verified: UserEvent = { type: 'EmailVerified', data: { tokenDigest: 'a'.repeat(64) } };
const chosen = (enabled: boolean): UserEvent => ({ type: 'EmailDigestChosen', data: { enabled } });
const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } };

describe('choosing the daily digest', () => {
  const given = deciderSpec(emailDigestDecider);
  const choose = (enabled: boolean) => command('ChooseEmailDigest', { enabled }, now);

  it('turns it on, then off; the same choice again records nothing', () => {
    given(registered)
      .when(choose(true))
      .thenEvents([chosen(true)]);
    given(registered, chosen(true))
      .when(choose(false))
      .thenEvents([chosen(false)]);
    given(registered, chosen(true)).when(choose(true)).thenNothing();
  });

  it('is off until the member turns it on: turning it off then records nothing', () => {
    given(registered).when(choose(false)).thenNothing();
  });

  it('refuses (401) turning it on for an account that does not exist or was deleted', () => {
    given().when(choose(true)).thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
    given(registered, chosen(true), deleted)
      .when(choose(true))
      .thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
  });

  it("a deleted account's unsubscribe link turns off what is already off: nothing recorded", () => {
    given(registered, chosen(true), deleted).when(choose(false)).thenNothing();
  });
});

describe("a member's daily digest", () => {
  /** The creator's pen name as the digest carries it: sealed under the creator's key. */
  const sealedOwl = 'pii:v1:acc-owl:iv:body:tag';
  const given = deciderSpec(digestDecider);
  const story = (storyId: string, position: number): DigestCandidate => ({
    storyId,
    teaser: `Story ${storyId}`,
    penName: sealedOwl,
    position,
  });
  const send = (day: string, stories: DigestCandidate[]) =>
    command('SendDigest', { userKey: 'reader', day, stories }, now);
  const sent = (day: string, through: number, ids: string[]): DigestEvent => ({
    type: 'DigestSent',
    data: {
      userKey: 'reader',
      day,
      through,
      email: registered.data.email,
      stories: ids.map((storyId) => ({ storyId, teaser: `Story ${storyId}`, penName: sealedOwl })),
    },
  });
  const wanting = [registered, verified, chosen(true)] as const;

  it('tells of the new stories, oldest first, to the sealed address', () => {
    given(...wanting)
      .when(send('2026-11-27', [story('b', 20), story('a', 10)]))
      .thenEvents([sent('2026-11-27', 20, ['a', 'b'])]);
  });

  it('is sent once a day: a second run the same day records nothing', () => {
    given(...wanting, sent('2026-11-27', 20, ['a', 'b']))
      .when(send('2026-11-27', [story('c', 30)]))
      .thenNothing();
  });

  it('the next day tells only of the stories published since the last digest', () => {
    given(...wanting, sent('2026-11-27', 20, ['a', 'b']))
      .when(send('2026-11-28', [story('b', 20), story('c', 30)]))
      .thenEvents([sent('2026-11-28', 30, ['c'])]);
  });

  it('without a new story sends nothing', () => {
    given(...wanting)
      .when(send('2026-11-27', []))
      .thenNothing();
    given(...wanting, sent('2026-11-27', 20, ['a', 'b']))
      .when(send('2026-11-28', [story('b', 20)]))
      .thenNothing();
  });

  it('is not sent to a member who turned it off, never turned it on, or has not verified the address', () => {
    given(registered, verified, chosen(true), chosen(false))
      .when(send('2026-11-27', [story('a', 10)]))
      .thenNothing();
    given(registered, verified)
      .when(send('2026-11-27', [story('a', 10)]))
      .thenNothing();
    given(registered, chosen(true))
      .when(send('2026-11-27', [story('a', 10)]))
      .thenNothing();
  });

  it('is not sent to a deleted account', () => {
    given(...wanting, deleted)
      .when(send('2026-11-27', [story('a', 10)]))
      .thenNothing();
  });
});
