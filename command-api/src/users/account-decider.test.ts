import { accountMessages, refuse, type UserEvent } from '@nocturne/domain';
import { userRegistered } from '@nocturne/events/testing';
import { sha256Hex } from '@nocturne/http-kit/auth';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { accountDecider, type SignUp } from './account-decider';

const given = deciderSpec(accountDecider);

const now = new Date('2025-01-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3600_000;
const d = (label: string) => sha256Hex(label);
const accountId = '11111111-1111-4111-8111-111111111111';
const email = 'pii:v1:acc:email';
const hash = 'pii:v1:acc:hash';

const registered = userRegistered({
  accountId,
  email,
  passwordHash: hash,
  at: now.toISOString(),
  verificationDigest: d('verify-1'),
  verificationExpiresAt: at(24 * HOUR).toISOString(),
});
const verified: UserEvent = { type: 'EmailVerified', data: { tokenDigest: d('verify-1') } };
const loggedIn: UserEvent = {
  type: 'UserLoggedIn',
  data: { sessionDigest: d('session-1'), expiresAt: at(30 * 24 * HOUR).toISOString() },
};
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { tokenDigest: d('reset-1'), expiresAt: at(HOUR).toISOString(), email },
};
const deleted: UserEvent = { type: 'UserDeleted', data: { accountId } };

const signUp = (overrides: Partial<SignUp['data']> = {}): SignUp =>
  command(
    'SignUp',
    {
      accountId: '22222222-2222-4222-8222-222222222222',
      accountIsNew: true,
      encryptedEmail: 'pii:v1:new:email',
      encryptedPasswordHash: 'pii:v1:new:hash',
      ageConfirmed: true,
      verificationDigest: d('verify-new'),
      ...overrides,
    },
    now,
  );

describe('SignUp', () => {
  it('registers a new address with a verification grant valid 24 hours', () => {
    given()
      .when(signUp())
      .thenEvents([
        {
          type: 'UserRegistered',
          data: {
            accountId: '22222222-2222-4222-8222-222222222222',
            email: 'pii:v1:new:email',
            passwordHash: 'pii:v1:new:hash',
            ageConfirmedAt: '2025-01-10T12:00:00.000Z',
            verification: { tokenDigest: d('verify-new'), expiresAt: '2025-01-11T12:00:00.000Z' },
          },
        },
      ]);
  });

  it('refuses without the 18+ confirmation', () => {
    given()
      .when(signUp({ ageConfirmed: false }))
      .thenRefuses(refuse('invalid', accountMessages.ageNotConfirmed));
  });

  it('tells a verified owner that someone tried to sign up, creating nothing', () => {
    given(registered, verified)
      .when(signUp())
      .thenEvents([{ type: 'DuplicateSignupAttempted', data: { email } }]);
  });

  it('replaces the password of an unverified account and voids its earlier links', () => {
    const again = signUp({ accountId, accountIsNew: false });
    const replaced: UserEvent = {
      type: 'UnverifiedSignupReplaced',
      data: {
        email: 'pii:v1:new:email',
        passwordHash: 'pii:v1:new:hash',
        ageConfirmedAt: '2025-01-10T12:00:00.000Z',
        verification: { tokenDigest: d('verify-new'), expiresAt: '2025-01-11T12:00:00.000Z' },
      },
    };
    given(registered).when(again).thenEvents([replaced]);
    // The first signer's link no longer verifies; the new one does; the new hash is the account's.
    const verify = (label: string) => command('VerifyEmail', { tokenDigest: d(label) }, now);
    given(registered, replaced)
      .when(verify('verify-1'))
      .thenRefuses(refuse('invalid', accountMessages.verificationUnknown));
    given(registered, replaced)
      .when(verify('verify-new'))
      .thenEvents([{ type: 'EmailVerified', data: { tokenDigest: d('verify-new') } }]);
    const { state } = given(registered, replaced);
    expect(state.encryptedPasswordHash).toBe('pii:v1:new:hash');
    expect(state.accountId).toBe(accountId);
  });

  it('asks for a retry when the fields were encrypted for an account that is no longer the one', () => {
    given(registered).when(signUp()).thenRefuses(refuse('conflict', accountMessages.signupRaced));
    given()
      .when(signUp({ accountId, accountIsNew: false }))
      .thenRefuses(refuse('conflict', accountMessages.signupRaced));
  });

  it('registers a new account on the stream of a deleted one', () => {
    const [event] = given(registered, verified, deleted).when(signUp()).events();
    expect(event?.type).toBe('UserRegistered');
  });
});

describe('VerifyEmail', () => {
  const verify = (label: string, when = now) => command('VerifyEmail', { tokenDigest: d(label) }, when);

  it('verifies with the granted token', () => {
    given(registered)
      .when(verify('verify-1'))
      .thenEvents([{ type: 'EmailVerified', data: { tokenDigest: d('verify-1') } }]);
  });

  it('accepts a token re-sent later', () => {
    given(registered, {
      type: 'VerificationEmailRequested',
      data: { tokenDigest: d('verify-2'), expiresAt: at(48 * HOUR).toISOString(), email },
    })
      .when(verify('verify-2', at(30 * HOUR)))
      .thenEvents([{ type: 'EmailVerified', data: { tokenDigest: d('verify-2') } }]);
  });

  it('refuses an expired token with a detail containing "expired"', () => {
    given(registered)
      .when(verify('verify-1', at(24 * HOUR)))
      .thenRefuses(refuse('invalid', accountMessages.verificationExpired));
    expect(accountMessages.verificationExpired).toContain('expired');
  });

  it('refuses a used token', () => {
    given(registered, verified)
      .when(verify('verify-1'))
      .thenRefuses(refuse('invalid', accountMessages.verificationUsed));
  });

  it('refuses a token that was never granted', () => {
    given(registered)
      .when(verify('forged'))
      .thenRefuses(refuse('invalid', accountMessages.verificationUnknown));
    expect(accountMessages.verificationUnknown).not.toContain('expired');
  });

  it('refuses on a stream without an account', () => {
    given().when(verify('verify-1')).thenRefuses(refuse('invalid', accountMessages.verificationUnknown));
    given(registered, deleted)
      .when(verify('verify-1'))
      .thenRefuses(refuse('invalid', accountMessages.verificationUnknown));
  });
});

describe('LogIn', () => {
  const logIn = (checked = hash) =>
    command('LogIn', { checkedPasswordHash: checked, sessionDigest: d('session-new') }, now);

  it('opens a session valid 30 days', () => {
    given(registered, verified)
      .when(logIn())
      .thenEvents([
        {
          type: 'UserLoggedIn',
          data: { sessionDigest: d('session-new'), expiresAt: '2025-02-09T12:00:00.000Z' },
        },
      ]);
  });

  it('refuses an unverified account with 403', () => {
    given(registered).when(logIn()).thenRefuses(refuse('forbidden', accountMessages.notVerified));
    expect(accountMessages.notVerified).toMatch(/verify your email/i);
  });

  it('refuses an unknown or deleted account as a wrong password', () => {
    given().when(logIn()).thenRefuses(refuse('unauthenticated', 'Invalid email or password'));
    given(registered, verified, deleted)
      .when(logIn())
      .thenRefuses(refuse('unauthenticated', 'Invalid email or password'));
  });

  it('refuses when the password was checked against a hash replaced meanwhile', () => {
    given(registered, verified, resetRequested, {
      type: 'PasswordReset',
      data: { tokenDigest: d('reset-1'), passwordHash: 'pii:v1:acc:newhash' },
    })
      .when(logIn(hash))
      .thenRefuses(refuse('unauthenticated', 'Invalid email or password'));
  });
});

describe('LogOut', () => {
  it('revokes the session', () => {
    given(registered, verified, loggedIn)
      .when(command('LogOut', { sessionDigest: d('session-1') }, now))
      .thenEvents([{ type: 'UserLoggedOut', data: { sessionDigest: d('session-1') } }]);
  });

  it('refuses a session already revoked', () => {
    given(registered, verified, loggedIn, { type: 'UserLoggedOut', data: { sessionDigest: d('session-1') } })
      .when(command('LogOut', { sessionDigest: d('session-1') }, now))
      .thenRefuses(refuse('unauthenticated', accountMessages.notAuthenticated));
  });
});

describe('RequestPasswordReset', () => {
  const request = command('RequestPasswordReset', { tokenDigest: d('reset-new') }, now);

  it('grants a reset link valid 1 hour, addressed to the account', () => {
    given(registered, verified)
      .when(request)
      .thenEvents([
        {
          type: 'PasswordResetRequested',
          data: { tokenDigest: d('reset-new'), expiresAt: '2025-01-10T13:00:00.000Z', email },
        },
      ]);
  });

  it('does nothing for an address without an account (the answer is the same)', () => {
    given().when(request).thenNothing();
    given(registered, deleted).when(request).thenNothing();
  });
});

describe('ResetPassword', () => {
  const reset = (label: string, when = now, account = accountId) =>
    command(
      'ResetPassword',
      { tokenDigest: d(label), accountId: account, encryptedPasswordHash: 'pii:v1:acc:newhash' },
      when,
    );

  it('sets the new hash with a granted token', () => {
    given(registered, verified, resetRequested)
      .when(reset('reset-1', at(59 * 60_000)))
      .thenEvents([
        { type: 'PasswordReset', data: { tokenDigest: d('reset-1'), passwordHash: 'pii:v1:acc:newhash' } },
      ]);
  });

  it('refuses an expired token', () => {
    given(registered, verified, resetRequested)
      .when(reset('reset-1', at(HOUR)))
      .thenRefuses(refuse('invalid', accountMessages.resetExpired));
  });

  it('refuses a used token', () => {
    given(registered, verified, resetRequested, {
      type: 'PasswordReset',
      data: { tokenDigest: d('reset-1'), passwordHash: 'pii:v1:acc:newhash' },
    })
      .when(reset('reset-1'))
      .thenRefuses(refuse('invalid', accountMessages.resetUsed));
  });

  it('refuses a token that was never granted, and a verification token', () => {
    given(registered, verified, resetRequested)
      .when(reset('forged'))
      .thenRefuses(refuse('invalid', accountMessages.resetUnknown));
    given(registered, resetRequested)
      .when(reset('verify-1'))
      .thenRefuses(refuse('invalid', accountMessages.resetUnknown));
  });

  it('refuses when the hash was made for another account of the stream', () => {
    given(registered, verified, resetRequested)
      .when(reset('reset-1', now, '33333333-3333-4333-8333-333333333333'))
      .thenRefuses(refuse('invalid', accountMessages.resetUnknown));
    given().when(reset('reset-1')).thenRefuses(refuse('invalid', accountMessages.resetUnknown));
  });

  it('revokes every session (the state after the reset has none)', () => {
    const after = given(registered, verified, loggedIn, resetRequested)
      .when(reset('reset-1'))
      .thenEvents([
        { type: 'PasswordReset', data: { tokenDigest: d('reset-1'), passwordHash: 'pii:v1:acc:newhash' } },
      ]);
    expect(after.sessions.size).toBe(0);
  });
});

describe('RequestVerificationEmail', () => {
  const resend = command('RequestVerificationEmail', { tokenDigest: d('verify-2') }, now);

  it('grants a new link to an unverified account', () => {
    given(registered)
      .when(resend)
      .thenEvents([
        {
          type: 'VerificationEmailRequested',
          data: { tokenDigest: d('verify-2'), expiresAt: '2025-01-11T12:00:00.000Z', email },
        },
      ]);
  });

  it('refuses a verified account and a missing one', () => {
    given(registered, verified).when(resend).thenRefuses(refuse('invalid', accountMessages.alreadyVerified));
    given().when(resend).thenRefuses(refuse('not_found', accountMessages.userNotFound));
  });
});
