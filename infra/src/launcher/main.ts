import { randomBytes } from 'node:crypto';
import { type LocalYoti, startLocalYoti } from '@nocturne/command-api';
import { NatsNotifier } from '@nocturne/notify';
import {
  describeAdminPassword,
  describeInviteCodes,
  parseConfigOrExit,
  persistentSecret,
  resolveConfig,
  wantsLocalProcessor,
  wantsLocalWallet,
  wantsLocalYoti,
} from '../config';
import { keptDemoStaff } from '../demo/demo-staff';
import { demoOnFirstStart, keptDemoCreator, keptDemoReader } from '../demo/first-start';
import { LOCAL_SHOP_ID, type LocalProcessor, startLocalProcessor } from '../local-processor/local-processor';
import { TEST_CARDS } from '../local-processor/pages';
import { type LocalWallet, startLocalWallet } from '../local-wallet/local-wallet';
import { withoutPassword } from '../ops/logging/redact';
import { ccbillDataLinkReport } from '../reconciliation/ccbill-data-link';
import { startNightlyReconciliation } from '../reconciliation/nightly';
import { localProcessorReport } from '../reconciliation/reconcile-day';
import { defaultWebDist, startSystem } from '../system/start-system';
import { startBeside } from './free-port';
import { provisionDatabase } from './provision';
import { onShutdown, stopAll } from './shutdown';

/**
 * `npm start`: the one-process mode. Validates the configuration,
 * provisions PostgreSQL when DATABASE_URL is unset, starts the whole system behind PORT and
 * stops it in order on SIGINT / SIGTERM.
 */
const log = (line: string) => console.log(`[nocturne] ${line}`);

async function main() {
  const raw = parseConfigOrExit(process.env);
  const database = await provisionDatabase(raw, log);
  const resolved = resolveConfig(raw, database.url);
  const { adminPasswordGenerated, inviteCodesGenerated } = resolved;
  let config = resolved.config;

  // No processor configured: the embedded one, as the embedded database, beside the product.
  let processor: LocalProcessor | null = null;
  if (wantsLocalProcessor(raw)) {
    const signatureKey = persistentSecret(config.dataDir, 'local-processor-key', () =>
      randomBytes(24).toString('base64url'),
    ).value;
    processor = await startBeside(raw.LOCAL_PROCESSOR_PORT, config.port + 1, (port) =>
      startLocalProcessor({
        dataDir: config.dataDir,
        port,
        shopId: LOCAL_SHOP_ID,
        signatureKey,
        postbackUrl: `http://127.0.0.1:${config.port}/api/payments/notices`,
        log: (line) => log(`local processor: ${line}`),
      }),
    ).catch(async (error: unknown) => {
      await database.stop().catch(() => {});
      throw error;
    });
    config = {
      ...config,
      payments: {
        provider: 'local',
        shopId: LOCAL_SHOP_ID,
        signatureKey,
        orderUrl: `${processor.url}/startorder`,
        descriptor: raw.PAYMENT_DESCRIPTOR,
      },
    };
  }

  // No wallet configured (outside production): the local test wallet, its issuer trusted.
  let wallet: LocalWallet | null = null;
  if (wantsLocalWallet(raw)) {
    wallet = await startBeside(raw.LOCAL_WALLET_PORT, config.port + 2, (port) =>
      startLocalWallet({ dataDir: config.dataDir, port, log: (line) => log(`local wallet: ${line}`) }),
    ).catch(async (error: unknown) => {
      await processor?.stop().catch(() => {});
      await database.stop().catch(() => {});
      throw error;
    });
    config = {
      ...config,
      ageWallet: {
        provider: 'local-wallet',
        walletUrl: wallet.authorizeUrl,
        trustedCertificates: wallet.trustedCertificates,
      },
    };
  }

  // Asked for (AGE_HOSTED=local): the stand-in speaking Yoti's wire, as the hosted method.
  let localYoti: LocalYoti | null = null;
  if (wantsLocalYoti(raw)) {
    localYoti = await startBeside(raw.LOCAL_YOTI_PORT, config.port + 3, (port) =>
      startLocalYoti({ port }),
    ).catch(async (error: unknown) => {
      await wallet?.stop().catch(() => {});
      await processor?.stop().catch(() => {});
      await database.stop().catch(() => {});
      throw error;
    });
    config = {
      ...config,
      ageHosted: {
        provider: 'local-yoti',
        apiUrl: localYoti.url,
        sdkId: localYoti.sdkId,
        apiKey: localYoti.apiKey,
        notificationPublicKey: localYoti.publicKeyPem,
        estimationThreshold: raw.YOTI_ESTIMATION_THRESHOLD,
      },
    };
  }

  let system: Awaited<ReturnType<typeof startSystem>>;
  try {
    system = await startSystem(config, { log, webDist: defaultWebDist });
  } catch (error) {
    await localYoti?.stop().catch(() => {});
    await wallet?.stop().catch(() => {});
    await processor?.stop().catch(() => {});
    await database.stop().catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new Error(`port ${config.port} is already in use: set PORT to another one`);
    throw error;
  }

  // Each night, yesterday's sales at the processor (the local one, or CCBill's Data Link) against the log.
  const nightlyDeps = {
    db: system.infra.db,
    store: system.infra.store,
    notifier: system.infra.notifier,
    clock: () => new Date(),
  };
  const nightly = processor
    ? startNightlyReconciliation(
        nightlyDeps,
        'local',
        localProcessorReport(processor.url),
        system.metrics,
        log,
      )
    : config.payments.provider === 'ccbill' && config.ccbillDataLink
      ? startNightlyReconciliation(
          nightlyDeps,
          'ccbill',
          ccbillDataLinkReport(config.ccbillDataLink),
          system.metrics,
          log,
        )
      : null;

  onShutdown(
    () =>
      stopAll(
        [
          ['the nightly reconciliation', async () => nightly?.stop()],
          ['the system', () => system.stop()],
          ...(processor
            ? [['the local processor', () => processor.stop()] as [string, () => Promise<void>]]
            : []),
          ...(wallet ? [['the local wallet', () => wallet.stop()] as [string, () => Promise<void>]] : []),
          ...(localYoti
            ? [['the Yoti stand-in', () => localYoti.stop()] as [string, () => Promise<void>]]
            : []),
          ['PostgreSQL', () => database.stop()],
        ],
        log,
      ),
    log,
  );

  // Before the banner, so that it can say who the demo reader is.
  await demoOnFirstStart(raw, config, system.infra, log, processor);
  const demoReader = keptDemoReader(config.dataDir);
  const demoCreator = keptDemoCreator(config.dataDir);
  const demoStaff = keptDemoStaff(config.dataDir);

  const url = config.publicUrl;
  const lines = [
    '',
    `Nocturne is running at ${url}`,
    `  admin password : ${describeAdminPassword(raw, config, adminPasswordGenerated)}`,
    `  invite codes   : ${describeInviteCodes(raw, config, inviteCodesGenerated)}`,
    `  admin panel    : ${url}/admin_panel   (any /admin_<name> path)`,
    ...(demoReader
      ? [
          `  demo reader    : ${demoReader.email} / ${demoReader.password}   (premium; kept in ${config.dataDir}/demo-reader)`,
        ]
      : []),
    ...(demoCreator
      ? [
          `  demo creator   : ${demoCreator.email} / ${demoCreator.password}   (studio at ${url}/studio; kept in ${config.dataDir}/demo-creator)`,
        ]
      : []),
    ...demoStaff.map(
      (m) =>
        `  demo ${m.role.padEnd(10)}: ${m.email} / ${m.password}   (TOTP secret ${m.totpSecret}; kept in ${config.dataDir}/demo-staff)`,
    ),
    processor
      ? `  payments       : local processor at ${processor.url} (card ${TEST_CARDS.approve} approves; its sales page refunds; npm run processor -- refund <sale id>)`
      : `  payments       : ${config.payments.provider === 'manual' ? `by hand (payment link ${config.paymentLinkBase})` : config.payments.provider === 'ccbill' ? `CCBill FlexForms, webhook URL ${url}/api/payments/ccbill/webhooks${config.ccbillDataLink ? ', reconciled nightly through Data Link' : ''}` : `Verotel FlexPay, postback URL ${url}/api/payments/notices`}`,
    `  age checks     : ${
      wallet
        ? `local test wallet at ${wallet.url} (its page presents over or under 18; its issuer is trusted in this mode only)`
        : config.ageWallet
          ? `wallet (EU age verification) at ${config.ageWallet.walletUrl}, ${config.ageWallet.trustedCertificates.length} trusted issuer certificate(s)`
          : 'no wallet (AGE_WALLET=off)'
    }${
      localYoti
        ? `; Yoti stand-in at ${localYoti.url} (its page says 18 or over, under 18, or cancel)`
        : config.ageHosted
          ? `; Yoti's age verification at ${config.ageHosted.apiUrl}, notifications to ${url}/api/age-assurance/notifications`
          : ''
    }`,
    `  probes         : ${url}/healthz (live), ${url}/readyz (ready: database, projections, mail failures)`,
    `  database       : ${database.description}`,
    `  event store    : ${config.eventStoreUrl ? `EventStoreDB at ${withoutPassword(config.eventStoreUrl)}` : 'PostgreSQL event store (same database)'}`,
    `  notifications  : ${system.infra.notifier instanceof NatsNotifier ? `NATS at ${withoutPassword(config.natsUrl ?? '')}` : 'PostgreSQL LISTEN/NOTIFY (no NATS)'}`,
    `  e-mail         : ${config.smtpUrl ? `sent through ${withoutPassword(config.smtpUrl)}` : `written to ${config.dataDir}/outbox (links are logged here too)`}`,
    `  data           : ${config.dataDir}`,
    `  metrics        : http://localhost:${config.port}/metrics (Prometheus; from this machine, or with METRICS_TOKEN)`,
    'Press Ctrl+C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(`[nocturne] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
