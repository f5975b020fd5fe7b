import { httpPaymentNoticeReceiver, httpPremiumUnlocker } from '@nocturne/command-api';
import { migrateReadModel } from '@nocturne/projector';
import { parseConfig, resolveConfig, splitServiceConfig } from '../config';
import { onShutdown } from '../launcher/shutdown';
import { lazyApiDocument } from '../openapi/api-document';
import { checkReadiness } from '../ops/health/readiness';
import { readinessSources } from '../ops/health/sources';
import { upstreamReadiness } from '../ops/health/upstreams';
import { countNotices, createMetricsRegistry, noticeCounter } from '../ops/metrics';
import { startTracing } from '../ops/tracing/tracing';
import { connectInfrastructure } from '../system/connect';
import { apiDepsFrom } from '../system/deps';
import { startDigest } from '../system/digest';
import { startDraftScheduler } from '../system/draft-scheduling';
import { buildHttpApp } from '../system/http-app';
import { defaultWebDist, startBackground } from '../system/start-system';
import { startUnlockReturner } from '../system/unlock-returns';
import { buildGateway } from './gateway';
import { instanceName, type ServiceRole, serviceRoles } from './roles';

/**
 * One service of split mode, started by infra/src/split/main.ts as
 * `node infra/dist/service.mjs <role>` (compiled; the image's command too). The supervisor provisions and migrates the database
 * first and hands over DATABASE_URL, SPLIT_SERVICE_PORT and the internal URLs; the secrets are
 * read from DATA_DIR like in one-process mode. Tells the supervisor "ready" over IPC.
 */
const role = process.argv[2] as ServiceRole;

/** A role's processes under their names (`query-api`, `query-api-2`...), for the gateway's /readyz. */
const instances = (of: ServiceRole, urls: readonly string[]) =>
  Object.fromEntries(urls.map((url, i) => [instanceName(of, i), url]));
const log = (line: string) => console.log(`[${role}] ${line}`);
const logError = (line: string) => console.error(`[${role}] ${line}`);

async function start(): Promise<{ stop(): Promise<void>; url?: string }> {
  const raw = parseConfig(process.env);
  if (!raw.DATABASE_URL) throw new Error('DATABASE_URL must be set by the split-mode supervisor');
  const { config } = resolveConfig(raw, raw.DATABASE_URL);
  const split = splitServiceConfig(raw);
  const clock = () => new Date();
  // This process's metrics, on its own GET /metrics (each service exposes its own).
  const registry = createMetricsRegistry();
  const metrics = { registry, token: config.metricsToken };
  // Each process its own service name in the traces; off without OTEL_EXPORTER_OTLP_ENDPOINT.
  const tracing = startTracing({ serviceName: `nocturne-${role}`, endpoint: config.otlpEndpoint });
  const traceRequests = tracing?.traceRequests;

  if (role === 'gateway') {
    const app = await buildGateway({
      queryApiUrls: split.queryApiUrls,
      commandApiUrls: split.commandApiUrls,
      webDist: defaultWebDist,
      sourceMaps: config.sourceMaps,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      traceRequests,
      // The projector's probe listener is optional (a deployment may probe it directly); the
      // back ends report the projections' state anyway, read from the database.
      readiness: upstreamReadiness({
        ...instances('projector', split.projectorUrls),
        ...instances('command-api', split.commandApiUrls),
        ...instances('query-api', split.queryApiUrls),
      }),
      metrics,
    });
    await app.listen({ port: split.port, host: split.gatewayHost });
    return {
      async stop() {
        await app.close();
        await tracing?.shutdown();
      },
    };
  }

  if (role === 'projector') {
    // Idempotent; lets a deployment (infra/deploy) start the projector without the supervisor.
    await migrateReadModel(config.databaseUrl);
  }
  const infra = await connectInfrastructure(config, log, clock, registry);
  // Every back end tells the same readiness: the state is in the database (ops/health).
  const readiness = () => checkReadiness(readinessSources(infra.db, infra.store));
  // Internal services listen on loopback only (the gateway is the way in), unless a deployment
  // puts them in containers of their own (SPLIT_LISTEN_HOST=0.0.0.0).
  if (role === 'projector') {
    const { projector, reactors, leadership } = await startBackground(config, infra, {
      log,
      logError,
      metrics: registry,
      tracing,
    });
    // No API here: an HTTP listener for operations only (/healthz, /readyz, /metrics).
    const listener = await buildHttpApp({
      readiness,
      metrics,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
    });
    await listener.listen({ port: split.port, host: split.listenHost });
    return {
      async stop() {
        await listener.close();
        await leadership.stop();
        await projector.stop();
        await reactors.stop();
        await infra.close();
        await tracing?.shutdown();
      },
    };
  }

  const deps = await apiDepsFrom(config, infra, clock);
  // What either service's server is built with; each stands behind the gateway, whose
  // X-Forwarded-For it believes.
  const server = {
    publicUrl: config.publicUrl,
    logLevel: config.logLevel,
    trustProxy: true as const,
    readiness,
    metrics,
    traceRequests,
  };
  const app =
    role === 'command-api'
      ? await buildHttpApp({
          // query-api reaches the premium unlock over HTTP (POST /internal/premium/unlock).
          command: {
            ...deps.command,
            options: { ...deps.command.options, internalToken: config.internalToken },
            // CCBill's webhooks (POSTs) are answered here: counted on this process's /metrics.
            countPaymentNotice: noticeCounter(registry),
          },
          ...server,
        })
      : await buildHttpApp({
          query: {
            ...deps.query,
            // Separate processes: the premium unlock goes to command-api over HTTP.
            unlockPremiumStory: httpPremiumUnlocker(split.commandApiUrls, config.internalToken),
            // And a processor's notice goes to command-api's receiver over HTTP.
            ...(deps.query.receivePaymentNotice
              ? {
                  receivePaymentNotice: countNotices(
                    httpPaymentNoticeReceiver(split.commandApiUrls, config.internalToken),
                    registry,
                  ),
                }
              : {}),
          },
          // GET /api/openapi.json is a GET, so it is served here; it documents command-api's routes too.
          apiDocument: lazyApiDocument(deps),
          ...server,
        });
  await app.listen({ port: split.port, host: split.listenHost });
  // Scheduled drafts are published, and withdrawn stories' unlocks given back, by command-api's
  // process (it issues the commands).
  const scheduler = role === 'command-api' ? startDraftScheduler(config, infra, clock, log) : null;
  const unlockReturner = role === 'command-api' ? startUnlockReturner(config, infra, clock, log) : null;
  const digest = role === 'command-api' ? startDigest(config, infra, clock, log) : null;
  return {
    async stop() {
      await scheduler?.stop();
      await unlockReturner?.stop();
      digest?.stop();
      await app.close();
      await infra.close();
      await tracing?.shutdown();
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
