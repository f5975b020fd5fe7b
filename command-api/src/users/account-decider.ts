import {
  accountMessages,
  evolveUser,
  initialUserState,
  refuse,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider, Decision } from '../shared/decider';

/** How long what we hand out stays valid. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The account commands. Whatever needs I/O (hashing, encryption, random tokens, the clock) is
 * done by the handler and arrives here as values, so deciding stays pure and testable.
 */
export type SignUp = Command<
  'SignUp',
  {
    /**
     * The encryption subject of the fields below: a fresh id for a new account, or the id of
     * the address's unverified account (whose credentials this signup replaces).
     */
    accountId: string;
    /** True when `accountId` is fresh; false when it is the unverified account's own. */
    accountIsNew: boolean;
    encryptedEmail: string;
    encryptedPasswordHash: string;
    ageConfirmed: boolean;
    /** Digest of the verification link token (derived from the event id, see one-time-token.ts). */
    verificationDigest: string;
  }
>;
export type VerifyEmail = Command<'VerifyEmail', { tokenDigest: string }>;
export type LogIn = Command<
  'LogIn',
  {
    /** The encrypted hash the password was checked against: a reset in between refuses. */
    checkedPasswordHash: string;
    sessionDigest: string;
  }
>;
export type LogOut = Command<'LogOut', { sessionDigest: string }>;
export type RequestPasswordReset = Command<'RequestPasswordReset', { tokenDigest: string }>;
export type ResetPassword = Command<
  'ResetPassword',
  {
    tokenDigest: string;
    /** The account the new hash was encrypted for: it must still be this stream's account. */
    accountId: string;
    encryptedPasswordHash: string;
  }
>;
export type RequestVerificationEmail = Command<'RequestVerificationEmail', { tokenDigest: string }>;

export type AccountCommand =
  | SignUp
  | VerifyEmail
  | LogIn
  | LogOut
  | RequestPasswordReset
  | ResetPassword
  | RequestVerificationEmail;

const after = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** A one-time grant of this state: 'unknown', 'used', 'expired' or 'valid'. */
function grantStatus(
  grants: ReadonlyMap<string, string>,
  state: UserState,
  digest: string,
  now: Date,
): 'unknown' | 'used' | 'expired' | 'valid' {
  if (state.usedTokens.has(digest)) return 'used';
  const expiresAt = grants.get(digest);
  if (expiresAt === undefined) return 'unknown';
  return Date.parse(expiresAt) <= now.getTime() ? 'expired' : 'valid';
}

export function decideAccount(command: AccountCommand, state: UserState): Decision<UserEvent> {
  const { now } = command.metadata;
  switch (command.type) {
    case 'SignUp': {
      if (!command.data.ageConfirmed) return refuse('invalid', accountMessages.ageNotConfirmed);
      const verification = {
        tokenDigest: command.data.verificationDigest,
        expiresAt: after(now, VERIFICATION_TTL_MS),
      };
      // The answer is the same in every case (no enumeration). A verified owner is told that
      // someone tried to sign up with their address; nothing else changes.
      if (state.status === 'registered' && state.verified) {
        return [{ type: 'DuplicateSignupAttempted', data: { email: state.encryptedEmail! } }];
      }
      // The fields must be encrypted for the account they land in; when another signup changed
      // that meanwhile, the handler encrypts again for the fresh state.
      const subject = state.status === 'registered' ? state.accountId : null;
      if (command.data.accountIsNew ? subject !== null : subject !== command.data.accountId) {
        return refuse('conflict', accountMessages.signupRaced);
      }
      const credentials = {
        email: command.data.encryptedEmail,
        passwordHash: command.data.encryptedPasswordHash,
        ageConfirmedAt: now.toISOString(),
        verification,
      };
      // An unverified account: whoever signs up now (the owner, who gets the mail) sets the
      // password, and every earlier link dies, so a squatter's password never gets verified.
      if (state.status === 'registered') return [{ type: 'UnverifiedSignupReplaced', data: credentials }];
      return [{ type: 'UserRegistered', data: { accountId: command.data.accountId, ...credentials } }];
    }
    case 'VerifyEmail': {
      if (state.status !== 'registered') return refuse('invalid', accountMessages.verificationUnknown);
      const status = grantStatus(state.verificationTokens, state, command.data.tokenDigest, now);
      if (status === 'used') return refuse('invalid', accountMessages.verificationUsed);
      if (status === 'unknown') return refuse('invalid', accountMessages.verificationUnknown);
      if (status === 'expired') return refuse('invalid', accountMessages.verificationExpired);
      return [{ type: 'EmailVerified', data: { tokenDigest: command.data.tokenDigest } }];
    }
    case 'LogIn': {
      if (state.status !== 'registered' || state.encryptedPasswordHash !== command.data.checkedPasswordHash) {
        return refuse('unauthenticated', accountMessages.invalidCredentials);
      }
      if (!state.verified) return refuse('forbidden', accountMessages.notVerified);
      return [
        {
          type: 'UserLoggedIn',
          data: { sessionDigest: command.data.sessionDigest, expiresAt: after(now, SESSION_TTL_MS) },
        },
      ];
    }
    case 'LogOut': {
      if (!state.sessions.has(command.data.sessionDigest))
        return refuse('unauthenticated', accountMessages.notAuthenticated);
      return [{ type: 'UserLoggedOut', data: { sessionDigest: command.data.sessionDigest } }];
    }
    case 'RequestPasswordReset': {
      // Unknown address: nothing happens, and the answer is the same.
      if (state.status !== 'registered') return [];
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            tokenDigest: command.data.tokenDigest,
            expiresAt: after(now, RESET_TTL_MS),
            email: state.encryptedEmail!,
          },
        },
      ];
    }
    case 'ResetPassword': {
      if (state.status !== 'registered' || state.accountId !== command.data.accountId) {
        return refuse('invalid', accountMessages.resetUnknown);
      }
      const status = grantStatus(state.resetTokens, state, command.data.tokenDigest, now);
      if (status === 'used') return refuse('invalid', accountMessages.resetUsed);
      if (status === 'unknown') return refuse('invalid', accountMessages.resetUnknown);
      if (status === 'expired') return refuse('invalid', accountMessages.resetExpired);
      return [
        {
          type: 'PasswordReset',
          data: { tokenDigest: command.data.tokenDigest, passwordHash: command.data.encryptedPasswordHash },
        },
      ];
    }
    case 'RequestVerificationEmail': {
      if (state.status !== 'registered') return refuse('not_found', accountMessages.userNotFound);
      if (state.verified) return refuse('invalid', accountMessages.alreadyVerified);
      return [
        {
          type: 'VerificationEmailRequested',
          data: {
            tokenDigest: command.data.tokenDigest,
            expiresAt: after(now, VERIFICATION_TTL_MS),
            email: state.encryptedEmail!,
          },
        },
      ];
    }
  }
}

/** Signup, verification, login, logout and password reset over the one user-stream state. */
export const accountDecider: Decider<AccountCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideAccount,
};
