import { z } from 'zod';
import { defineEvent } from './define';
import { Digest, Encrypted, IsoTime } from './fields';
import { ContentWarning } from './labels';

const TokenGrant = { tokenDigest: Digest, expiresAt: IsoTime };
/**
 * The address a mail-triggering event is sent to: the account's encrypted e-mail, copied from
 * the stream's state, so the mail reactor needs nothing but the event and the vault (and the
 * address is shredded with the account like every other personal field).
 */
const MailTo = { email: Encrypted };

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    /** Random id of this registration; names the encryption key that deletion destroys. */
    accountId: z.uuid(),
    email: Encrypted,
    passwordHash: Encrypted,
    ageConfirmedAt: IsoTime,
    verification: z.object(TokenGrant),
  }),
);

/**
 * A new signup of an address whose account is not verified yet: its password is replaced and
 * every earlier verification (and reset) link is void, so whoever signed up first cannot log in
 * once the owner verifies. The fields are encrypted under the same account's key, and the new
 * verification link is mailed like at registration.
 */
export const UnverifiedSignupReplaced = defineEvent(
  'UnverifiedSignupReplaced',
  1,
  z.object({
    email: Encrypted,
    passwordHash: Encrypted,
    ageConfirmedAt: IsoTime,
    verification: z.object(TokenGrant),
  }),
);

/** Someone signed up with an address that already has an account: the owner is told by mail. */
export const DuplicateSignupAttempted = defineEvent('DuplicateSignupAttempted', 1, z.object(MailTo));

export const VerificationEmailRequested = defineEvent(
  'VerificationEmailRequested',
  1,
  z.object({ ...TokenGrant, ...MailTo }),
);

export const EmailVerified = defineEvent('EmailVerified', 1, z.object({ tokenDigest: Digest }));

export const UserLoggedIn = defineEvent(
  'UserLoggedIn',
  1,
  z.object({ sessionDigest: Digest, expiresAt: IsoTime }),
);

export const UserLoggedOut = defineEvent('UserLoggedOut', 1, z.object({ sessionDigest: Digest }));

export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  1,
  z.object({ ...TokenGrant, ...MailTo }),
);

/**
 * On `reset_requests-unmatched`: a password reset was asked for an address with no account to
 * send it to. It names nobody (no address, no digest of one); it is recorded so that such a
 * request moves the log's head exactly as one for an account does, and the head's position
 * cannot tell the two apart.
 */
export const PasswordResetUnmatched = defineEvent('PasswordResetUnmatched', 1, z.object({}));

/** Sets a new password hash and revokes every session of the user. */
export const PasswordReset = defineEvent(
  'PasswordReset',
  1,
  z.object({ tokenDigest: Digest, passwordHash: Encrypted }),
);

/**
 * Version 2: the transaction id is encrypted under the account's key like the
 * e-mail, so erasure shreds it too. Version 1 stored it in plain text; its upcaster moves it to
 * `legacyTransactionId`, which only events recorded before version 2 have (read both with
 * `transactionIdOf` in `@nocturne/vault`). Version 3 seals the payment method, free text the
 * member typed, the same way; earlier versions' plain text moves to `legacyPaymentMethod` (read
 * both with `paymentMethodOf`).
 */
export const PaymentConfirmationSubmitted = defineEvent(
  'PaymentConfirmationSubmitted',
  3,
  z.object({
    email: Encrypted,
    amount: z.union([z.literal(15), z.literal(10)]),
    transactionId: Encrypted.nullable(),
    legacyTransactionId: z.string().max(200).nullable().optional(),
    paymentMethod: Encrypted.nullable(),
    legacyPaymentMethod: z.string().min(1).max(100).nullable().optional(),
  }),
);

/**
 * Premium stories added to the reader's quota: by a staff member (no `purchaseId`), or by the
 * system when a processor confirmed the payment of that purchase.
 */
export const PremiumGranted = defineEvent(
  'PremiumGranted',
  1,
  z.object({
    stories: z.number().int().positive(),
    purchaseId: z.string().min(1).max(100).optional(),
    /** The processor's payment behind a system grant: what the auditor's timeline shows. */
    payment: z
      .object({
        provider: z.string().min(1).max(40),
        transactionId: z.string().min(1).max(100),
        amountCents: z.number().int().nonnegative(),
        currency: z.string().regex(/^[A-Z]{3}$/),
      })
      .optional(),
  }),
);

/**
 * Premium taken back. By a staff member (no `purchaseId`): all of it. By the system when a
 * purchase's payment was refunded or charged back: that purchase's stories (`stories`), so that
 * what the reader's other purchases gave stays, whatever order the notices came in.
 */
export const PremiumRevoked = defineEvent(
  'PremiumRevoked',
  1,
  z.object({
    purchaseId: z.string().min(1).max(100).optional(),
    stories: z.number().int().positive().optional(),
    reason: z.enum(['refund', 'chargeback']).optional(),
  }),
);

/**
 * The account needs a staff member's look (a chargeback: the card's bank took a payment back).
 * Shown in the users table and the account's history.
 */
export const AccountFlaggedForStaff = defineEvent(
  'AccountFlaggedForStaff',
  1,
  z.object({ reason: z.enum(['chargeback']), purchaseId: z.string().min(1).max(100) }),
);

export const PremiumStoryUnlocked = defineEvent(
  'PremiumStoryUnlocked',
  1,
  z.object({ storyId: z.string().min(1) }),
);

/**
 * A premium story the reader had unlocked was withdrawn (its creator unpublished it, or an admin
 * deleted it): the unlock is given back to the reader's quota, and the story is no longer theirs.
 * Appended by the system, once per reader and story.
 */
export const PremiumUnlockReturned = defineEvent(
  'PremiumUnlockReturned',
  1,
  z.object({ storyId: z.string().min(1), reason: z.enum(['unpublished', 'deleted']) }),
);

/** The content warnings whose stories the reader chose to hide; replaces the earlier choice. */
export const HiddenWarningsChosen = defineEvent(
  'HiddenWarningsChosen',
  1,
  z.object({ warnings: z.array(ContentWarning) }),
);

/**
 * How the member reads: text size, typeface, line spacing, theme, reduced motion and the move
 * from one slide to the next. The whole choice each time; it replaces the earlier one and
 * follows the member to every device.
 */
export const ReadingSettingsChosen = defineEvent(
  'ReadingSettingsChosen',
  1,
  z.object({
    textSize: z.enum(['small', 'medium', 'large', 'larger']),
    typeface: z.enum(['serif', 'sans']),
    lineSpacing: z.enum(['compact', 'normal', 'relaxed']),
    theme: z.enum(['dark', 'sepia', 'light']),
    reducedMotion: z.boolean(),
    transition: z.enum(['fade', 'slide', 'none']),
  }),
);

/**
 * The member was assured to be an adult by an age-assurance method. Only the result: which
 * kind of method and provider, when, and until when it holds; never a document, a face, a birth
 * date or a wallet's identifier.
 */
export const AgeAssured = defineEvent(
  'AgeAssured',
  1,
  z.object({
    method: z.enum(['wallet', 'hosted']),
    /** Which provider assured, e.g. `local-wallet`, `eudi-wallet`, `yoti`. */
    provider: z.string().regex(/^[a-z0-9-]{1,40}$/),
    assuredAt: IsoTime,
    expiresAt: IsoTime,
  }),
);

export const UserDeleted = defineEvent('UserDeleted', 1, z.object({ accountId: z.uuid() }));

/**
 * What moves a member's premium: granted, revoked, a story unlocked, an unlock given back. The
 * one list of them for everything that follows premium.
 */
export const premiumEventTypes = [
  PremiumGranted.type,
  PremiumRevoked.type,
  PremiumStoryUnlocked.type,
  PremiumUnlockReturned.type,
] as const;

/** A member's premium from the purchase to the erasure: what the ledger and the audit follow. */
export const premiumHistoryEventTypes = [
  PaymentConfirmationSubmitted.type,
  ...premiumEventTypes,
  UserDeleted.type,
] as const;

export const userEvents = [
  UserRegistered,
  UnverifiedSignupReplaced,
  DuplicateSignupAttempted,
  VerificationEmailRequested,
  EmailVerified,
  UserLoggedIn,
  UserLoggedOut,
  PasswordResetRequested,
  PasswordResetUnmatched,
  PasswordReset,
  PaymentConfirmationSubmitted,
  PremiumGranted,
  PremiumRevoked,
  AccountFlaggedForStaff,
  PremiumStoryUnlocked,
  PremiumUnlockReturned,
  HiddenWarningsChosen,
  ReadingSettingsChosen,
  AgeAssured,
  UserDeleted,
] as const;
