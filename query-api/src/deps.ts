import type { EventLogBrowser, EventStore } from '@nocturne/events/store';
import type { AdminAuthenticator } from '@nocturne/http-kit/auth';
import type { RateLimiter } from '@nocturne/http-kit/security';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { AddressClaims, PiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import type { Consistency } from './consistency';
import type { IntegrityCheckReader } from './integrity/integrity-check-reader';
import type { QueryApiOptions } from './options';
import type { PaymentNoticeReceiver } from './payments/payment-notice-receiver';
import type { StoryListCache } from './stories/list/story-list-cache';
import type { PremiumUnlocker } from './stories/premium-unlocker';

/** Everything query-api needs, passed in. */
export interface QueryApiDeps {
  db: Kysely<ReadModel>;
  consistency: Consistency;
  /** The story list kept in memory, by the stories projection's position. */
  storyList: StoryListCache;
  options: QueryApiOptions;
  clock: () => Date;
  /** The shared request counters (PostgreSQL, every replica together): searches per account. */
  limiter: RateLimiter;
  /** The one admin authentication (X-Admin-Code), shared with command-api. */
  adminAuth: AdminAuthenticator;
  /** Read-only use: the audit replay reads a user's stream from the event store itself. */
  store: EventStore;
  /** The auditor's event browser over the whole log, read-only. */
  logBrowser: EventLogBrowser;
  /** Decrypts personal fields for the audit replay (null once erased). */
  vault: PiiVault & AddressClaims;
  /**
   * The premium unlock (the one GET that appends): command-api's
   * `createPremiumUnlocker` in one process, `httpPremiumUnlocker` in split mode.
   */
  unlockPremiumStory: PremiumUnlocker;
  /**
   * Where a payment processor's notices go (command-api stores them); absent when payments are
   * confirmed by hand (PAYMENT_PROVIDER=manual).
   */
  receivePaymentNotice?: PaymentNoticeReceiver;
  /** The auditor's integrity checks, as the process running them left them. */
  integrityChecks: IntegrityCheckReader;
}
