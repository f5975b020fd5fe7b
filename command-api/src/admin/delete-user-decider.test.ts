import type { UserEvent } from '@nocturne/events/domain';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { refusalOf } from '../shared/testing/refusal';
import { deleteUserDecider } from './delete-user-decider';

const accountId = '5b1f3c2e-8d4a-4f6b-9c1d-2e3f4a5b6c7d';
const registeredAs = (id: string): UserEvent => ({
  type: 'UserRegistered',
  data: {
    accountId: id,
    email: 'pii:v1:acc:iv:body:tag',
    passwordHash: 'pii:v1:acc:iv:hash:tag',
    ageConfirmedAt: '2025-01-01T00:00:00.000Z',
    verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2025-01-02T00:00:00.000Z' },
  },
});
const loggedIn: UserEvent = {
  type: 'UserLoggedIn',
  data: { sessionDigest: 'b'.repeat(64), expiresAt: '2030-01-01T00:00:00.000Z' },
};

const stateAfter = (given: UserEvent[]) => fold(deleteUserDecider, given);
const decide = (given: UserEvent[]) => deleteUserDecider.decide({}, stateAfter(given));

describe('user deletion decider', () => {
  it('deletes the account, naming the key to destroy, and its sessions die', () => {
    const history = [registeredAs(accountId), loggedIn, { type: 'PremiumGranted', data: { stories: 30 } }];
    const events = decide(history as UserEvent[]);
    expect(events).toEqual([{ type: 'UserDeleted', data: { accountId } }]);
    const after = stateAfter([...(history as UserEvent[]), ...events]);
    expect(after.status).toBe('deleted');
    expect(after.sessions.size).toBe(0);
    expect(after.encryptedEmail).toBeNull();
    expect(after.isSubscribed).toBe(false);
  });

  it('refuses an unknown user and a second deletion with a 404', () => {
    expect(refusalOf(() => decide([])).status).toBe(404);
    const deleted: UserEvent = { type: 'UserDeleted', data: { accountId } };
    expect(refusalOf(() => decide([registeredAs(accountId), deleted])).status).toBe(404);
  });

  it('deletes the new account of an address that signed up again', () => {
    const second = '9c8b7a6f-5e4d-4c3b-8a29-1f0e0d0c0b0a';
    const history = [
      registeredAs(accountId),
      { type: 'UserDeleted', data: { accountId } } as UserEvent,
      registeredAs(second),
    ];
    expect(decide(history)).toEqual([{ type: 'UserDeleted', data: { accountId: second } }]);
  });
});
