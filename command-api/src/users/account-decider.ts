import {
  accountMessages,
  evolveUser,
  initialUserState,
  type UserEvent,
  type UserState,
} from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { Decider } from '../shared/decider';

/** How long what we hand out stays valid. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The account commands. Whatever needs I/O (hashing, encryption, random tokens, the clock) is
 * done by the handler and arrives here as values, so deciding stays pure and testable.
 */
export type AccountCommand =
  | {
      kind: 'SignUp';
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
      now: Date;
    }
  | { kind: 'VerifyEmail'; tokenDigest: string; now: Date }
  | {
      kind: 'LogIn';
      /** The encrypted hash the password was checked against: a reset in between refuses. */
      checkedPasswordHash: string;
      sessionDigest: string;
      now: Date;
    }
  | { kind: 'LogOut'; sessionDigest: string }
  | { kind: 'RequestPasswordReset'; tokenDigest: string; now: Date }
  | {
      kind: 'ResetPassword';
      tokenDigest: string;
      /** The account the new hash was encrypted for: it must still be this stream's account. */
      accountId: string;
      encryptedPasswordHash: string;
      now: Date;
    }
  | { kind: 'RequestVerificationEmail'; tokenDigest: string; now: Date };

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

export function decideAccount(command: AccountCommand, state: UserState): UserEvent[] {
  switch (command.kind) {
    case 'SignUp': {
      if (!command.ageConfirmed) throw new HttpError(400, accountMessages.ageNotConfirmed);
      const verification = {
        tokenDigest: command.verificationDigest,
        expiresAt: after(command.now, VERIFICATION_TTL_MS),
      };
      // The answer is the same in every case (no enumeration). A verified owner is told that
      // someone tried to sign up with their address; nothing else changes.
      if (state.status === 'registered' && state.verified) {
        return [{ type: 'DuplicateSignupAttempted', data: { email: state.encryptedEmail! } }];
      }
      // The fields must be encrypted for the account they land in; when another signup changed
      // that meanwhile, the handler encrypts again for the fresh state.
      const subject = state.status === 'registered' ? state.accountId : null;
      if (command.accountIsNew ? subject !== null : subject !== command.accountId) {
        throw new HttpError(409, accountMessages.signupRaced);
      }
      const credentials = {
        email: command.encryptedEmail,
        passwordHash: command.encryptedPasswordHash,
        ageConfirmedAt: command.now.toISOString(),
        verification,
      };
      // An unverified account: whoever signs up now (the owner, who gets the mail) sets the
      // password, and every earlier link dies, so a squatter's password never gets verified.
      if (state.status === 'registered') return [{ type: 'UnverifiedSignupReplaced', data: credentials }];
      return [{ type: 'UserRegistered', data: { accountId: command.accountId, ...credentials } }];
    }
    case 'VerifyEmail': {
      if (state.status !== 'registered') throw new HttpError(400, accountMessages.verificationUnknown);
      const status = grantStatus(state.verificationTokens, state, command.tokenDigest, command.now);
      if (status === 'used') throw new HttpError(400, accountMessages.verificationUsed);
      if (status === 'unknown') throw new HttpError(400, accountMessages.verificationUnknown);
      if (status === 'expired') throw new HttpError(400, accountMessages.verificationExpired);
      return [{ type: 'EmailVerified', data: { tokenDigest: command.tokenDigest } }];
    }
    case 'LogIn': {
      if (state.status !== 'registered' || state.encryptedPasswordHash !== command.checkedPasswordHash) {
        throw new HttpError(401, accountMessages.invalidCredentials);
      }
      if (!state.verified) throw new HttpError(403, accountMessages.notVerified);
      return [
        {
          type: 'UserLoggedIn',
          data: { sessionDigest: command.sessionDigest, expiresAt: after(command.now, SESSION_TTL_MS) },
        },
      ];
    }
    case 'LogOut': {
      if (!state.sessions.has(command.sessionDigest))
        throw new HttpError(401, accountMessages.notAuthenticated);
      return [{ type: 'UserLoggedOut', data: { sessionDigest: command.sessionDigest } }];
    }
    case 'RequestPasswordReset': {
      // Unknown address: nothing happens, and the answer is the same.
      if (state.status !== 'registered') return [];
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            tokenDigest: command.tokenDigest,
            expiresAt: after(command.now, RESET_TTL_MS),
            email: state.encryptedEmail!,
          },
        },
      ];
    }
    case 'ResetPassword': {
      if (state.status !== 'registered' || state.accountId !== command.accountId) {
        throw new HttpError(400, accountMessages.resetUnknown);
      }
      const status = grantStatus(state.resetTokens, state, command.tokenDigest, command.now);
      if (status === 'used') throw new HttpError(400, accountMessages.resetUsed);
      if (status === 'unknown') throw new HttpError(400, accountMessages.resetUnknown);
      if (status === 'expired') throw new HttpError(400, accountMessages.resetExpired);
      return [
        {
          type: 'PasswordReset',
          data: { tokenDigest: command.tokenDigest, passwordHash: command.encryptedPasswordHash },
        },
      ];
    }
    case 'RequestVerificationEmail': {
      if (state.status !== 'registered') throw new HttpError(404, accountMessages.userNotFound);
      if (state.verified) throw new HttpError(400, accountMessages.alreadyVerified);
      return [
        {
          type: 'VerificationEmailRequested',
          data: {
            tokenDigest: command.tokenDigest,
            expiresAt: after(command.now, VERIFICATION_TTL_MS),
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
