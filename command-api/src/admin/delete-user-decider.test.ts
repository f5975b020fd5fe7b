import { accountMessages, refuse, type UserEvent } from '@nocturne/domain';
import { TEST_ACCOUNT_ID as accountId, userRegistered } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { deleteUserDecider } from './delete-user-decider';

const given = deciderSpec(deleteUserDecider);
const deleteUser = command('DeleteUser', {}, new Date('2025-01-10T12:00:00.000Z'));
const loggedIn: UserEvent = {
  type: 'UserLoggedIn',
  data: { sessionDigest: 'b'.repeat(64), expiresAt: '2030-01-01T00:00:00.000Z' },
};
const granted: UserEvent = { type: 'PremiumGranted', data: { stories: 30 } };
const deleted = (id = accountId): UserEvent => ({ type: 'UserDeleted', data: { accountId: id } });

describe('user deletion decider', () => {
  it('deletes the account, naming the key to destroy, and its sessions die', () => {
    const after = given(userRegistered(), loggedIn, granted).when(deleteUser).thenEvents([deleted()]);
    expect(after.status).toBe('deleted');
    expect(after.sessions.size).toBe(0);
    expect(after.encryptedEmail).toBeNull();
    expect(after.isPremiumMember).toBe(false);
  });

  it('refuses (404) an unknown user and a second deletion', () => {
    given().when(deleteUser).thenRefuses(refuse('not_found', accountMessages.userNotFound));
    given(userRegistered(), deleted())
      .when(deleteUser)
      .thenRefuses(refuse('not_found', accountMessages.userNotFound));
  });

  it('deletes the new account of an address that signed up again', () => {
    const second = '9c8b7a6f-5e4d-4c3b-8a29-1f0e0d0c0b0a';
    given(userRegistered(), deleted(), userRegistered({ accountId: second }))
      .when(deleteUser)
      .thenEvents([deleted(second)]);
  });
});
