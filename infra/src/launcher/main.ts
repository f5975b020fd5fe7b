import { NatsNotifier } from '@nocturne/notify';
import { describeInviteCodes, parseConfigOrExit, resolveConfig } from '../config';
import { keptDemoStaff } from '../demo/demo-staff';
import { demoOnFirstStart, keptDemoCreator, keptDemoReader } from '../demo/first-start';
import { withoutPassword } from '../ops/logging/redact';
import { defaultWebDist, startSystem } from '../system/start-system';
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
  const { config, adminPasswordGenerated, inviteCodesGenerated } = resolveConfig(raw, database.url);

  let system: Awaited<ReturnType<typeof startSystem>>;
  try {
    system = await startSystem(config, { log, webDist: defaultWebDist });
  } catch (error) {
    await database.stop().catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new Error(`port ${config.port} is already in use: set PORT to another one`);
    throw error;
  }

  onShutdown(
    () =>
      stopAll(
        [
          ['the system', () => system.stop()],
          ['PostgreSQL', () => database.stop()],
        ],
        log,
      ),
    log,
  );

  // Before the banner, so that it can say who the demo reader is.
  await demoOnFirstStart(raw, config, system.infra, log);
  const demoReader = keptDemoReader(config.dataDir);
  const demoCreator = keptDemoCreator(config.dataDir);
  const demoStaff = keptDemoStaff(config.dataDir);

  const url = config.publicUrl;
  const lines = [
    '',
    `Nocturne is running at ${url}`,
    `  admin password : ${
      raw.ADMIN_PASSWORD
        ? '(set by ADMIN_PASSWORD)'
        : `${config.adminPassword}   (${adminPasswordGenerated ? 'generated now, ' : ''}kept in ${config.dataDir}/admin-password)`
    }`,
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
