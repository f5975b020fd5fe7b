import type { EventStore } from '@nocturne/events/store';
import type { AdminAuthenticator, AgeAssurancePolicy } from '@nocturne/http-kit/auth';
import type { RateLimiter } from '@nocturne/http-kit/security';
import type { Notifier } from '@nocturne/notify';
import type { AddressClaims, PiiVault } from '@nocturne/vault';
import type { AgeCheckOutcome } from './age-assurance/age-check-outcome';
import type { AgeWalletSettings } from './age-assurance/wallet/wallet-provider';
import type { HostedAgeProvider } from './age-assurance/yoti/yoti-provider';
import type { WorkSlots } from './images/work-slots';
import type { IntegrityCheckStarter } from './integrity/integrity-check-starter';
import type { NoticeAnswer } from './payments/notice-answer';
import type { PaymentSettings } from './payments/payment-settings';
import type { AccountRateLimits } from './users/rate-limits';

/** Settings command-api reads; infra maps the validated configuration onto it. */
export interface CommandApiOptions {
  /** Secret for HMACs (user stream keys, signed references, admin tokens). */
  secret: string;
  dataDir: string;
  publicUrl: string;
  supportEmail: string;
  /** DISCOUNT_CODE, compared case-insensitively. */
  discountCode: string;
  /** INVITE_CODES (see invites/invite-codes.ts). */
  inviteCodes: readonly string[];
  /**
   * INTERNAL_TOKEN. When set, POST /internal/* is served to callers that present it (split mode:
   * query-api reaches the premium unlock over HTTP); one process has no internal routes.
   */
  internalToken?: string | undefined;
  /** EXPOSE_VERIFICATION_TOKEN: the signup answer also holds `verification_token` (testing aid). */
  exposeVerificationToken: boolean;
  /** How readers pay (PAYMENT_PROVIDER); unset: by hand, as `manual`. */
  payments?: PaymentSettings;
  /** Overrides of the login/signup/reset limits (users/rate-limits.ts); the defaults are the product's. */
  accountRateLimits?: Partial<AccountRateLimits>;
  /** AGE_ASSURANCE*: who must be assured before anything explicit is sent; unset: off. */
  ageAssurance?: AgeAssurancePolicy;
  /** TRUST_PROXY is set: the viewer's region (CF-IPCountry) from the proxy is believed. */
  trustRegionHeader?: boolean;
  /** The OpenID4VP wallet method (AGE_WALLET*, or the local wallet); unset: not offered. */
  ageWallet?: AgeWalletSettings;
}

/** Everything command-api needs, passed in: no globals, so tests build it on port 0. */
export interface CommandApiDeps {
  store: EventStore;
  vault: PiiVault & AddressClaims;
  notifier: Notifier;
  /** Counters shared by every replica (PostgreSQL): the rate limits of every route. */
  limiter: RateLimiter;
  /** The one admin authentication (X-Admin-Code), shared with query-api. */
  adminAuth: AdminAuthenticator;
  options: CommandApiOptions;
  clock: () => Date;
  /** Starts the auditor's integrity checks (infra runs them). */
  integrityChecks: IntegrityCheckStarter;
  /** The bound on concurrent uploads' image work (default: images/work-slots.ts). */
  imageWork?: WorkSlots;
  /**
   * The development mail outbox (no SMTP_URL): deleting a user removes the mails addressed to
   * them. Absent when mail goes out through a relay (nothing is kept here then).
   */
  mailOutbox?: MailOutbox;
  /**
   * The hosted age-check provider (Yoti's age verification, or its local stand-in), offered after
   * the wallet; unset: not offered.
   */
  ageHosted?: HostedAgeProvider;
  /** Each answer to an age check and each refused presentation (infra counts them in /metrics). */
  onAgeCheckAnswered?: (outcome: AgeCheckOutcome) => void;
  /** Counts a processor's notice answered by a route of command-api's (CCBill's webhooks): metrics. */
  countPaymentNotice?: (answer: NoticeAnswer) => void;
}

/** Kept mail that erasure must reach (infra wires the development outbox, projector/mail). */
export interface MailOutbox {
  eraseMailTo(address: string): Promise<number>;
}
