import type {
  AccountRateLimits,
  CommandApiDeps,
  IntegrityCheckStarter,
  WorkSlots,
} from '@nocturne/command-api';
import {
  createPaymentNoticeReceiver,
  createPremiumUnlocker,
  offeredProviders,
  paymentProcessorOf,
  yotiProvider,
} from '@nocturne/command-api';
import { AdminAuthenticator, hashAdminPassword } from '@nocturne/http-kit/auth';
import type { AdminSessions, RateLimiter } from '@nocturne/http-kit/security';
import { eraseOutboxMailTo, outboxDirOf } from '@nocturne/projector/mail/outbox';
import { Consistency, type QueryApiDeps, readModelPositions, StoryListCache } from '@nocturne/query-api';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { countAgeChecks, countNotices, noticeCounter } from '../ops/metrics';
import type { Infrastructure } from './connect';

/** Test harnesses only: e.g. the e2e suite signs up many users from one address. */
export interface ApiTuning {
  accountRateLimits?: Partial<AccountRateLimits>;
  imageWork?: WorkSlots;
  /** Where the payment notices are counted (the process's registry). */
  metrics?: Registry;
}

/** What command-api runs on: the event store, the vault, the notifier, the shared security store. */
export type CommandPorts = Pick<CommandApiDeps, 'store' | 'vault' | 'notifier'> & {
  security: { limiter: RateLimiter; adminSessions: AdminSessions };
  /** The integrity checks (infra/src/integrity): command-api starts them, query-api reads them. */
  integrity: IntegrityCheckStarter;
};

/**
 * Maps the configuration onto command-api's dependencies. A feature adds its options here.
 * The admin password is hashed here, and only the admin authentication (shared with query-api)
 * holds the hash.
 */
export async function commandDepsFrom(
  config: AppConfig,
  ports: CommandPorts,
  clock: () => Date,
  tuning: ApiTuning = {},
): Promise<CommandApiDeps> {
  return {
    store: ports.store,
    vault: ports.vault,
    notifier: ports.notifier,
    limiter: ports.security.limiter,
    adminAuth: new AdminAuthenticator({
      password: await hashAdminPassword(config.adminPassword),
      sessions: ports.security.adminSessions,
      limiter: ports.security.limiter,
    }),
    clock,
    integrityChecks: ports.integrity,
    ...(tuning.metrics ? { onAgeCheckAnswered: countAgeChecks(tuning.metrics) } : {}),
    ...(tuning.imageWork ? { imageWork: tuning.imageWork } : {}),
    // Yoti's age verification (or its stand-in), offered after the wallet.
    ...(config.ageHosted ? { ageHosted: yotiProvider(config.ageHosted) } : {}),
    // CCBill's webhooks are answered by command-api's own route: counted as the other notices.
    ...(tuning.metrics ? { countPaymentNotice: noticeCounter(tuning.metrics) } : {}),
    // Without SMTP_URL the projector writes mail to DATA_DIR/outbox; erasure removes it there.
    ...(config.smtpUrl
      ? {}
      : {
          mailOutbox: { eraseMailTo: (address) => eraseOutboxMailTo(outboxDirOf(config.dataDir), address) },
        }),
    options: {
      secret: config.secret,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      discountCode: config.discountCode,
      inviteCodes: config.inviteCodes,
      exposeVerificationToken: config.exposeVerificationToken,
      payments: config.payments,
      ageAssurance: config.ageAssurance,
      trustRegionHeader: config.trustProxy !== false,
      ...(config.ageWallet ? { ageWallet: config.ageWallet } : {}),
      ...(tuning.accountRateLimits ? { accountRateLimits: tuning.accountRateLimits } : {}),
    },
  };
}

/** Both APIs' dependencies (one process, or each split-mode service takes its half). */
export async function apiDepsFrom(
  config: AppConfig,
  infra: Infrastructure,
  clock: () => Date,
  tuning: ApiTuning = {},
) {
  const command = await commandDepsFrom(config, infra, clock, tuning);
  const processor = paymentProcessorOf(config.payments);
  const receiver = processor ? createPaymentNoticeReceiver(command, processor) : null;
  const query: QueryApiDeps = {
    // The replica when READ_DATABASE_URL is set: its own checkpoints are what a read waits for
    // and what X-Projected-Position says, so an answer is never older than the position asked.
    db: infra.readDb,
    consistency: new Consistency(readModelPositions(infra.readDb, infra.store), infra.notifier),
    storyList: new StoryListCache(infra.readDb, infra.notifier),
    clock,
    store: infra.store,
    logBrowser: infra.logBrowser,
    vault: infra.vault,
    adminAuth: command.adminAuth,
    limiter: infra.security.limiter,
    // One process: the premium unlock calls command-api's unlocker directly.
    unlockPremiumStory: createPremiumUnlocker(command),
    // One process: a processor's notice (a GET) goes straight to command-api's receiver.
    ...(receiver
      ? { receivePaymentNotice: tuning.metrics ? countNotices(receiver, tuning.metrics) : receiver }
      : {}),
    integrityChecks: infra.integrity,
    options: {
      secret: config.secret,
      dataDir: config.dataDir,
      paymentLinkBase: config.paymentLinkBase,
      paymentProvider: config.payments.provider,
      supportEmail: config.supportEmail,
      ageAssurance: config.ageAssurance,
      trustRegionHeader: config.trustProxy !== false,
      // What the assurance screen offers: the providers command-api starts checks with.
      ageAssuranceMethods: offeredProviders(command).map(({ method, label }) => ({ method, label })),
    },
  };
  return { command, query };
}
