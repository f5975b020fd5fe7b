import { refuse, staffMessages } from '@nocturne/domain';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type StaffCommand, type StaffEvent, staffDecider } from './staff-decider';

const given = deciderSpec(staffDecider);
const now = new Date('2026-03-01T10:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
const digest = (c: string) => c.repeat(64);
const sealed = (what: string) => `pii:v1:acct:${what}`;
const ACCOUNT = '7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11';

const invited: StaffEvent = {
  type: 'StaffInvited',
  data: {
    accountId: ACCOUNT,
    email: sealed('email'),
    role: 'moderator',
    invitation: { tokenDigest: digest('a'), expiresAt: '2026-03-08T10:00:00.000Z' },
  },
};
const passwordSet: StaffEvent = {
  type: 'StaffPasswordSet',
  data: { tokenDigest: digest('a'), passwordHash: sealed('hash') },
};
const offered = (what = 'totp'): StaffEvent => ({
  type: 'StaffTotpSecretIssued',
  data: { tokenDigest: digest('a'), totpSecret: sealed(what) },
});
const codes = Array.from({ length: 10 }, (_, i) => digest(String(i)));
const enrolled: StaffEvent = {
  type: 'StaffSecondFactorEnrolled',
  data: { tokenDigest: digest('a'), totpSecret: sealed('totp'), recoveryCodeDigests: codes },
};
const loggedIn = (totpStep: number | null, recoveryCodeDigest: string | null = null): StaffEvent => ({
  type: 'StaffLoggedIn',
  data: { totpStep, recoveryCodeDigest },
});
const removed: StaffEvent = { type: 'StaffRemoved', data: {} };

const at = <C extends StaffCommand>(type: C['type'], data: C['data'], when = now) =>
  command(type, data, when) as StaffCommand;
const invite = (when = now) =>
  at(
    'InviteStaff',
    { accountId: ACCOUNT, encryptedEmail: sealed('email'), role: 'moderator', tokenDigest: digest('a') },
    when,
  );
const setPassword = (tokenDigest = digest('a'), when = now) =>
  at('SetStaffPassword', { tokenDigest, encryptedPasswordHash: sealed('hash') }, when);
const enrol = (codeMatches: boolean, when = now, secret = 'totp', tokenDigest = digest('a')) =>
  at(
    'EnrolStaffSecondFactor',
    {
      tokenDigest,
      encryptedTotpSecret: sealed(secret),
      recoveryCodeDigests: codes,
      codeMatches,
    },
    when,
  );
const logIn = (secondFactor: { totpStep: number } | { recoveryCodeDigest: string }, hash = sealed('hash')) =>
  at('LogInStaff', { checkedPasswordHash: hash, secondFactor });

describe('staff decider: invitation', () => {
  it('invites an address with a 7-day link', () => {
    given().when(invite()).thenEvents([invited]);
  });

  it('refuses to invite an address that is staff already, and invites it again after a removal', () => {
    given(invited).when(invite()).thenRefuses(refuse('conflict', staffMessages.alreadyStaff));
    given(invited, passwordSet, enrolled)
      .when(invite())
      .thenRefuses(refuse('conflict', staffMessages.alreadyStaff));
    given(invited, removed).when(invite()).thenEvents([invited]);
  });
});

describe('staff decider: password and second factor through the link', () => {
  it('sets the password with the live link (and again, before the second factor)', () => {
    given(invited).when(setPassword()).thenEvents([passwordSet]);
    given(invited, passwordSet).when(setPassword()).thenEvents([passwordSet]);
  });

  it('refuses an unknown, expired, used or removed invitation', () => {
    given(invited)
      .when(setPassword(digest('b')))
      .thenRefuses(refuse('invalid', staffMessages.invitationUnknown));
    given().when(setPassword()).thenRefuses(refuse('invalid', staffMessages.invitationUnknown));
    given(invited)
      .when(setPassword(digest('a'), later(7)))
      .thenRefuses(refuse('invalid', staffMessages.invitationExpired));
    given(invited, passwordSet, enrolled)
      .when(setPassword())
      .thenRefuses(refuse('invalid', staffMessages.invitationUsed));
    given(invited, removed)
      .when(setPassword())
      .thenRefuses(refuse('invalid', staffMessages.invitationUnknown));
  });

  it('enrols the second factor once a password is set and the code matches', () => {
    given(invited, offered(), passwordSet).when(enrol(true)).thenEvents([enrolled]);
    given(invited, offered()).when(enrol(true)).thenRefuses(refuse('invalid', staffMessages.passwordFirst));
    given(invited, offered(), passwordSet)
      .when(enrol(false))
      .thenRefuses(refuse('invalid', staffMessages.codeInvalid));
    given(invited, offered(), passwordSet, enrolled)
      .when(enrol(true))
      .thenRefuses(refuse('invalid', staffMessages.invitationUsed));
  });

  it('offers a secret at each opening of the link; only the one offered last can be enrolled', () => {
    given(invited)
      .when(at('IssueStaffTotpSecret', { tokenDigest: digest('a'), encryptedTotpSecret: sealed('totp') }))
      .thenEvents([offered()]);
    given(invited, removed)
      .when(at('IssueStaffTotpSecret', { tokenDigest: digest('a'), encryptedTotpSecret: sealed('totp') }))
      .thenRefuses(refuse('invalid', staffMessages.invitationUnknown));
    given(invited, passwordSet).when(enrol(true)).thenRefuses(refuse('invalid', staffMessages.codeInvalid));
    given(invited, offered('first'), offered('second'), passwordSet)
      .when(enrol(true, now, 'first'))
      .thenRefuses(refuse('invalid', staffMessages.codeInvalid));
    given(invited, offered('first'), offered('second'), passwordSet)
      .when(enrol(true, now, 'second'))
      .thenEvents([
        {
          type: 'StaffSecondFactorEnrolled',
          data: { tokenDigest: digest('a'), totpSecret: sealed('second'), recoveryCodeDigests: codes },
        },
      ]);
  });
});

describe('staff decider: second-factor reset (owner)', () => {
  const active = [invited, offered(), passwordSet, enrolled];
  const reset: StaffEvent = {
    type: 'StaffSecondFactorReset',
    data: {
      email: sealed('email'),
      invitation: { tokenDigest: digest('c'), expiresAt: '2026-03-08T10:00:00.000Z' },
    },
  };
  const resetCommand = () => at('ResetStaffSecondFactor', { tokenDigest: digest('c') });

  it('voids the secret and recovery codes with a new 7-day link; the password stays', () => {
    given(...active)
      .when(resetCommand())
      .thenEvents([reset]);
    // no login until the member enrols again, not even with a recovery code
    given(...active, reset)
      .when(logIn({ totpStep: 5 }))
      .thenRefuses(refuse('unauthenticated', staffMessages.invalidLogin));
    given(...active, reset)
      .when(logIn({ recoveryCodeDigest: codes[0]! }))
      .thenRefuses(refuse('unauthenticated', staffMessages.invalidLogin));
    // the old link opens nothing; the new one enrols a newly offered secret without a new password
    given(...active, reset)
      .when(at('IssueStaffTotpSecret', { tokenDigest: digest('a'), encryptedTotpSecret: sealed('new') }))
      .thenRefuses(refuse('invalid', staffMessages.invitationUnknown));
    const offeredAnew: StaffEvent = {
      type: 'StaffTotpSecretIssued',
      data: { tokenDigest: digest('c'), totpSecret: sealed('new') },
    };
    given(...active, reset, offeredAnew)
      .when(enrol(true, now, 'new', digest('c')))
      .thenEvents([
        {
          type: 'StaffSecondFactorEnrolled',
          data: { tokenDigest: digest('c'), totpSecret: sealed('new'), recoveryCodeDigests: codes },
        },
      ]);
    // the secret enrolled before cannot be enrolled again through the new link
    given(...active, reset, offeredAnew)
      .when(enrol(true, now, 'totp', digest('c')))
      .thenRefuses(refuse('invalid', staffMessages.codeInvalid));
  });

  it('resets a member still invited too; an unknown or removed one is not found', () => {
    given(invited).when(resetCommand()).thenEvents([reset]);
    const notFound = refuse('not_found', staffMessages.notFound);
    given().when(resetCommand()).thenRefuses(notFound);
    given(...active, removed)
      .when(resetCommand())
      .thenRefuses(notFound);
  });
});

describe('staff decider: login', () => {
  const active = [invited, offered(), passwordSet, enrolled];

  it('logs in with a TOTP code of a new time step, never twice with one step', () => {
    given(...active)
      .when(logIn({ totpStep: 100 }))
      .thenEvents([loggedIn(100)]);
    given(...active, loggedIn(100))
      .when(logIn({ totpStep: 100 }))
      .thenRefuses(refuse('unauthenticated', staffMessages.invalidLogin));
    given(...active, loggedIn(100))
      .when(logIn({ totpStep: 101 }))
      .thenEvents([loggedIn(101)]);
  });

  it('spends a recovery code once', () => {
    given(...active)
      .when(logIn({ recoveryCodeDigest: codes[3]! }))
      .thenEvents([loggedIn(null, codes[3]!)]);
    given(...active, loggedIn(null, codes[3]!))
      .when(logIn({ recoveryCodeDigest: codes[3]! }))
      .thenRefuses(refuse('unauthenticated', staffMessages.invalidLogin));
    given(...active)
      .when(logIn({ recoveryCodeDigest: digest('f') }))
      .thenRefuses(refuse('unauthenticated', staffMessages.invalidLogin));
  });

  it('refuses before the second factor, after a removal, and when the password changed meanwhile', () => {
    const refused = refuse('unauthenticated', staffMessages.invalidLogin);
    given(invited, passwordSet)
      .when(logIn({ totpStep: 1 }))
      .thenRefuses(refused);
    given(...active, removed)
      .when(logIn({ totpStep: 1 }))
      .thenRefuses(refused);
    given(...active)
      .when(logIn({ totpStep: 1 }, sealed('older-hash')))
      .thenRefuses(refused);
  });
});

describe('staff decider: role and removal (owner)', () => {
  it('changes the role; the same role changes nothing', () => {
    given(invited)
      .when(at('ChangeStaffRole', { role: 'auditor' }))
      .thenEvents([{ type: 'StaffRoleChanged', data: { role: 'auditor' } }]);
    given(invited)
      .when(at('ChangeStaffRole', { role: 'moderator' }))
      .thenNothing();
  });

  it('removes a member once; an unknown or removed one is not found', () => {
    given(invited, passwordSet, enrolled).when(at('RemoveStaff', {})).thenEvents([removed]);
    const notFound = refuse('not_found', staffMessages.notFound);
    given().when(at('RemoveStaff', {})).thenRefuses(notFound);
    given(invited, removed).when(at('RemoveStaff', {})).thenRefuses(notFound);
    given(invited, removed)
      .when(at('ChangeStaffRole', { role: 'admin' }))
      .thenRefuses(notFound);
  });
});
