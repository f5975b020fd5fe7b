import type { CommandApiDeps } from '@nocturne/command-api';
import { createPremiumUnlocker } from '@nocturne/command-api/premium/unlock-premium-story';
import type { AccountRateLimits } from '@nocturne/command-api/users/rate-limits';
import { type AdminPassword, hashAdminPassword } from '@nocturne/events';
import { Consistency, type QueryApiDeps } from '@nocturne/query-api';
import type { AppConfig } from '../config';
import type { Infrastructure } from './connect';

/**
 * Maps the configuration onto each API's dependencies. A feature adds its options and ports
 * here. The admin password is hashed once and only the hash is handed on.
 */
export async function apiDepsFrom(
  config: AppConfig,
  infra: Infrastructure,
  clock: () => Date,
  /** Test harnesses only: e.g. the e2e suite signs up many users from one address. */
  tuning: { accountRateLimits?: Partial<AccountRateLimits> } = {},
) {
  const adminPassword: AdminPassword = await hashAdminPassword(config.adminPassword);
  const command: CommandApiDeps = {
    store: infra.store,
    vault: infra.vault,
    notifier: infra.notifier,
    clock,
    options: {
      secret: config.secret,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      adminPassword,
      discountCode: config.discountCode,
      inviteCodes: config.inviteCodes,
      exposeVerificationToken: config.exposeVerificationToken,
      ...(tuning.accountRateLimits ? { accountRateLimits: tuning.accountRateLimits } : {}),
    },
  };
  const query: QueryApiDeps = {
    db: infra.db,
    consistency: new Consistency(infra.db, infra.notifier),
    clock,
    store: infra.store,
    vault: infra.vault,
    // One process: the premium unlock calls command-api's unlocker directly.
    unlockPremiumStory: createPremiumUnlocker(command),
    options: {
      secret: config.secret,
      dataDir: config.dataDir,
      adminPassword,
      paymentLinkBase: config.paymentLinkBase,
      supportEmail: config.supportEmail,
    },
  };
  return { command, query };
}
