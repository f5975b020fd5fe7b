import type { EventOf, RecordedEvent } from '@nocturne/events';
import { premiumRemaining } from './quota';

type UserEventType =
  | 'UserRegistered'
  | 'UnverifiedSignupReplaced'
  | 'DuplicateSignupAttempted'
  | 'VerificationEmailRequested'
  | 'EmailVerified'
  | 'UserLoggedIn'
  | 'UserLoggedOut'
  | 'PasswordResetRequested'
  | 'PasswordReset'
  | 'PaymentConfirmationSubmitted'
  | 'PremiumGranted'
  | 'PremiumRevoked'
  | 'AccountFlaggedForStaff'
  | 'PremiumStoryUnlocked'
  | 'PremiumUnlockReturned'
  | 'HiddenWarningsChosen'
  | 'EmailDigestChosen'
  | 'ReadingSettingsChosen'
  | 'AgeAssured'
  | 'UserDeleted';
export type UserEvent = EventOf<UserEventType>;

/**
 * The state of one `user-{key}` stream, folded from its events. Every user decider (accounts,
 * premium, payments, admin) decides on this one state; each feature keeps its own decide
 * functions beside its routes. Personal fields stay encrypted here: a handler decrypts what it
 * needs before it calls decide, which stays free of I/O.
 */
export interface UserState {
  /** `deleted` streams may register again (a new account with a new key). */
  status: 'none' | 'registered' | 'deleted';
  accountId: string | null;
  /**
   * The global position of this account's UserRegistered (null when folded from events not
   * recorded yet, as in decider tests): what the address's stream held before it belongs to
   * accounts erased since.
   */
  accountSince: number | null;
  encryptedEmail: string | null;
  encryptedPasswordHash: string | null;
  verified: boolean;
  /** Verification tokens issued and not used: digest -> expiry (ISO). */
  verificationTokens: ReadonlyMap<string, string>;
  /** Password-reset tokens issued and not used: digest -> expiry (ISO). */
  resetTokens: ReadonlyMap<string, string>;
  /** Digests of tokens already used (verification or reset): a second use is refused. */
  usedTokens: ReadonlySet<string>;
  /** Live sessions: digest -> expiry (ISO). */
  sessions: ReadonlyMap<string, string>;
  isPremiumMember: boolean;
  premiumRemaining: number;
  /** Premium stories this user has unlocked: re-reading them is free forever. */
  unlockedStories: ReadonlySet<string>;
  /**
   * Unlocked stories given back to the quota once withdrawn (PremiumUnlockReturned): a second
   * return of one of them decides nothing.
   */
  returnedStories: ReadonlySet<string>;
  /**
   * Transaction ids of the payment confirmations recorded, as recorded: sealed under the
   * account's key (the command handler decrypts them to spot a resubmission), or plain text in
   * confirmations recorded before they were encrypted.
   */
  paymentTransactionIds: ReadonlySet<string>;
  /**
   * The purchases whose payment granted premium on this account, and whether that grant was
   * taken back since (a refund or a chargeback): a purchase grants once and is revoked once.
   */
  purchaseGrants: ReadonlyMap<string, 'granted' | 'revoked'>;
  /** A staff member should look at the account (a chargeback). */
  flaggedForStaff: boolean;
  /** The member asked for the daily e-mail digest of the creators they follow (off by default). */
  emailDigest: boolean;
  /**
   * The log position at which the digest was last turned on (null when folded from events not
   * recorded yet): a first digest tells only of stories published after it.
   */
  emailDigestSince: number | null;
  /** Until when the member's latest age assurance holds (ISO); null: never assured. */
  ageAssuredUntil: string | null;
}

export const initialUserState = (): UserState => ({
  status: 'none',
  accountId: null,
  accountSince: null,
  encryptedEmail: null,
  encryptedPasswordHash: null,
  verified: false,
  verificationTokens: new Map(),
  resetTokens: new Map(),
  usedTokens: new Set(),
  sessions: new Map(),
  isPremiumMember: false,
  premiumRemaining: 0,
  unlockedStories: new Set(),
  returnedStories: new Set(),
  paymentTransactionIds: new Set(),
  purchaseGrants: new Map(),
  flaggedForStaff: false,
  emailDigest: false,
  emailDigestSince: null,
  ageAssuredUntil: null,
});

const without = <K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> => {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
};

export function evolveUser(state: UserState, event: UserEvent | RecordedEvent<UserEvent>): UserState {
  switch (event.type) {
    case 'UserRegistered':
      // A fresh account: nothing of a deleted predecessor on this stream carries over.
      return {
        ...initialUserState(),
        status: 'registered',
        accountId: event.data.accountId,
        accountSince: 'position' in event ? event.position : null,
        encryptedEmail: event.data.email,
        encryptedPasswordHash: event.data.passwordHash,
        verificationTokens: new Map([
          [event.data.verification.tokenDigest, event.data.verification.expiresAt],
        ]),
        usedTokens: state.usedTokens,
      };
    case 'UnverifiedSignupReplaced':
      // New credentials for the same (unverified) account: every earlier link is void.
      return {
        ...state,
        encryptedEmail: event.data.email,
        encryptedPasswordHash: event.data.passwordHash,
        verificationTokens: new Map([
          [event.data.verification.tokenDigest, event.data.verification.expiresAt],
        ]),
        resetTokens: new Map(),
        sessions: new Map(),
      };
    case 'DuplicateSignupAttempted':
      return state;
    case 'VerificationEmailRequested':
      return {
        ...state,
        verificationTokens: new Map(state.verificationTokens).set(
          event.data.tokenDigest,
          event.data.expiresAt,
        ),
      };
    case 'EmailVerified':
      return {
        ...state,
        verified: true,
        verificationTokens: new Map(),
        usedTokens: new Set(state.usedTokens).add(event.data.tokenDigest),
      };
    case 'UserLoggedIn':
      return {
        ...state,
        sessions: new Map(state.sessions).set(event.data.sessionDigest, event.data.expiresAt),
      };
    case 'UserLoggedOut':
      return { ...state, sessions: without(state.sessions, event.data.sessionDigest) };
    case 'PasswordResetRequested':
      return {
        ...state,
        resetTokens: new Map(state.resetTokens).set(event.data.tokenDigest, event.data.expiresAt),
      };
    case 'PasswordReset':
      return {
        ...state,
        encryptedPasswordHash: event.data.passwordHash,
        resetTokens: new Map(),
        usedTokens: new Set(state.usedTokens).add(event.data.tokenDigest),
        sessions: new Map(),
      };
    case 'PaymentConfirmationSubmitted': {
      const recorded = event.data.transactionId ?? event.data.legacyTransactionId;
      return recorded
        ? { ...state, paymentTransactionIds: new Set(state.paymentTransactionIds).add(recorded) }
        : state;
    }
    case 'PremiumGranted':
      return {
        ...state,
        isPremiumMember: true,
        premiumRemaining: premiumRemaining.afterGrant(state.premiumRemaining, event.data.stories),
        purchaseGrants: event.data.purchaseId
          ? new Map(state.purchaseGrants).set(event.data.purchaseId, 'granted')
          : state.purchaseGrants,
      };
    case 'PremiumRevoked': {
      const remaining = premiumRemaining.afterRevoke(state.premiumRemaining, event.data.stories);
      const { purchaseId } = event.data;
      return {
        ...state,
        // A purchase's reversal leaves premium while stories remain from other grants.
        isPremiumMember: purchaseId ? state.isPremiumMember && remaining > 0 : false,
        premiumRemaining: remaining,
        purchaseGrants: purchaseId
          ? new Map(state.purchaseGrants).set(purchaseId, 'revoked')
          : state.purchaseGrants,
      };
    }
    case 'AccountFlaggedForStaff':
      return { ...state, flaggedForStaff: true };
    case 'PremiumStoryUnlocked':
      return {
        ...state,
        premiumRemaining: premiumRemaining.afterUnlock(state.premiumRemaining),
        unlockedStories: new Set(state.unlockedStories).add(event.data.storyId),
      };
    case 'PremiumUnlockReturned': {
      const unlockedStories = new Set(state.unlockedStories);
      unlockedStories.delete(event.data.storyId);
      return {
        ...state,
        premiumRemaining: premiumRemaining.afterReturn(state.premiumRemaining, state.isPremiumMember),
        unlockedStories,
        returnedStories: new Set(state.returnedStories).add(event.data.storyId),
      };
    }
    case 'HiddenWarningsChosen':
    case 'ReadingSettingsChosen':
      return state;
    case 'AgeAssured':
      return { ...state, ageAssuredUntil: event.data.expiresAt };
    case 'EmailDigestChosen':
      return {
        ...state,
        emailDigest: event.data.enabled,
        emailDigestSince:
          event.data.enabled && !state.emailDigest && 'position' in event
            ? event.position
            : state.emailDigestSince,
      };
    case 'UserDeleted':
      return { ...initialUserState(), status: 'deleted', usedTokens: state.usedTokens };
  }
}
