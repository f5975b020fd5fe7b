import { httpPremiumUnlocker } from '@nocturne/command-api';
import { migrateReadModel } from '@nocturne/projector';
import { parseConfig, resolveConfig } from '../config';
import { onShutdown } from '../launcher/shutdown';
import { createMetricsRegistry } from '../ops/metrics';
import { connectInfrastructure } from '../system/connect';
import { apiDepsFrom } from '../system/deps';
import { buildHttpApp } from '../system/http-app';
import { defaultWebDist, startBackground } from '../system/start-system';
import { buildGateway } from './gateway';
import { buildProjectorListener } from './projector-listener';
import { type ServiceRole, serviceRoles } from './roles';

/**
 * One service of split mode, started by infra/src/split/main.ts as
 * `node infra/dist/service.mjs <role>` (compiled; the image's command too). The supervisor provisions and migrates the database
 * first and hands over DATABASE_URL, SPLIT_SERVICE_PORT and the internal URLs; the secrets are
 * read from DATA_DIR like in one-process mode. Tells the supervisor "ready" over IPC.
 */
const role = process.argv[2] as ServiceRole;
const log = (line: string) => console.log(`[${role}] ${line}`);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set by the split-mode supervisor`);
  return value;
}

async function start(): Promise<{ stop(): Promise<void>; url?: string }> {
  const raw = parseConfig(process.env);
  const { config } = resolveConfig(raw, required('DATABASE_URL'));
  const port = () => Number(required('SPLIT_SERVICE_PORT'));
  const clock = () => new Date();
  // This process's metrics, on its own GET /metrics (each service exposes its own).
  const registry = createMetricsRegistry();
  const metrics = { registry, token: config.metricsToken };
  // Internal services listen on loopback only (the gateway is the way in), unless a deployment
  // puts them in containers of their own (SPLIT_LISTEN_HOST=0.0.0.0).
  const internalHost = process.env.SPLIT_LISTEN_HOST ?? '127.0.0.1';

  if (role === 'gateway') {
    const app = await buildGateway({
      queryApiUrl: required('SPLIT_QUERY_API_URL'),
      commandApiUrl: required('SPLIT_COMMAND_API_URL'),
      webDist: defaultWebDist,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      metrics,
    });
    await app.listen({ port: port(), host: process.env.SPLIT_GATEWAY_HOST ?? '0.0.0.0' });
    return { stop: () => app.close() };
  }

  if (role === 'projector') {
    // Idempotent; lets a deployment (infra/deploy) start the projector without the supervisor.
    await migrateReadModel(config.databaseUrl);
  }
  const infra = await connectInfrastructure(config, log, clock, registry);
  if (role === 'projector') {
    const { projector, reactors } = await startBackground(config, infra, log, registry);
    const listener = await buildProjectorListener({ metrics, logLevel: config.logLevel });
    await listener.listen({ port: port(), host: internalHost });
    return {
      async stop() {
        await listener.close();
        await projector.stop();
        await reactors.stop();
        await infra.close();
      },
    };
  }

  const deps = await apiDepsFrom(config, infra, clock);
  const app =
    role === 'command-api'
      ? await buildHttpApp({
          // query-api reaches the premium unlock over HTTP (POST /internal/premium/unlock).
          command: {
            ...deps.command,
            options: { ...deps.command.options, internalToken: config.internalToken },
          },
          publicUrl: config.publicUrl,
          logLevel: config.logLevel,
          trustProxy: true,
          metrics,
        })
      : await buildHttpApp({
          query: {
            ...deps.query,
            // Separate processes: the premium unlock goes to command-api over HTTP.
            unlockPremiumStory: httpPremiumUnlocker(required('SPLIT_COMMAND_API_URL'), config.internalToken),
          },
          publicUrl: config.publicUrl,
          logLevel: config.logLevel,
          trustProxy: true,
          metrics,
        });
  await app.listen({ port: port(), host: internalHost });
  return {
    async stop() {
      await app.close();
      await infra.close();
    },
  };
}

async function main() {
  if (!serviceRoles.includes(role))
    throw new Error(`unknown service "${role}"; one of ${serviceRoles.join(', ')}`);
  const service = await start();
  const stop = async () => service.stop();
  onShutdown(stop, log);
  // The supervisor is gone (killed): do not live on as an orphan.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.send?.({ ready: role });
}

main().catch((error: unknown) => {
  console.error(`[${role}] could not start: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
