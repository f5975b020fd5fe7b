import type { PremiumUnlocker } from '@nocturne/command-api/premium/unlock-premium-story';
import type { AdminPassword, EventStore, PiiVault } from '@nocturne/events';
import type { ReadModel } from '@nocturne/projector/read-model/schema';
import type { Kysely } from 'kysely';
import type { Consistency } from './consistency';

export interface QueryApiOptions {
  secret: string;
  dataDir: string;
  /** ADMIN_PASSWORD, as a hash only: the same object command-api gets. */
  adminPassword: AdminPassword;
  /** PAYMENT_LINK_BASE: the pay button opens `${paymentLinkBase}/<amount>`. */
  paymentLinkBase: string;
  supportEmail: string;
}

/** Everything query-api needs, passed in. */
export interface QueryApiDeps {
  db: Kysely<ReadModel>;
  consistency: Consistency;
  options: QueryApiOptions;
  clock: () => Date;
  /** Read-only use: the audit replay reads a user's stream from the event store itself. */
  store: EventStore;
  /** Decrypts personal fields for the audit replay (null once erased). */
  vault: PiiVault;
  /**
   * The premium unlock (the one GET that appends, design.md section 7): command-api's
   * `createPremiumUnlocker` in one process, `httpPremiumUnlocker` in split mode.
   */
  unlockPremiumStory: PremiumUnlocker;
}
