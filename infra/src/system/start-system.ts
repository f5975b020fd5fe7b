import { join } from 'node:path';
import type { AccountRateLimits, DigestScheduler } from '@nocturne/command-api';
import {
  createMailer,
  Leadership,
  migrateReadModel,
  PROJECTOR_LEADER_LOCK,
  ProjectionRunner,
  projections,
  ReactorRunner,
  type RetryPolicy,
} from '@nocturne/projector';
import { outboxDirOf } from '@nocturne/projector/mail/outbox';
import { reactors } from '@nocturne/projector/reactors';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { lazyApiDocument } from '../openapi/api-document';
import { checkReadiness } from '../ops/health/readiness';
import { readinessSources } from '../ops/health/sources';
import type { LogDestination } from '../ops/logging/logger';
import { countMail, createMetricsRegistry, trackLeadership, trackProjections } from '../ops/metrics';
import { startTracing, type Tracing } from '../ops/tracing/tracing';
import { connectInfrastructure, type Infrastructure } from './connect';
import { apiDepsFrom } from './deps';
import { startDigest } from './digest';
import { startDraftScheduler } from './draft-scheduling';
import { buildHttpApp, type HttpAppOptions } from './http-app';
import { repoRoot } from './repo-root';
import { startUnlockReturner } from './unlock-returns';

export const defaultWebDist = join(repoRoot(), 'web', 'dist');

export interface RunningSystem {
  app: FastifyInstance;
  infra: Infrastructure;
  projector: ProjectionRunner;
  reactors: ReactorRunner;
  /** Whether this process leads the projection and the reactors or stands by. */
  leadership: Leadership;
  /** The daily digest (DIGEST_TIME); tests send it with `runNow`. */
  digest: DigestScheduler;
  /** The process's metrics (GET /metrics). */
  metrics: Registry;
  /** http://127.0.0.1:<port> actually bound (port 0 picks a free one). */
  address: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  log: (line: string) => void;
  /** Error lines of the projector and the reactors (default: stderr). */
  logError?: (line: string) => void;
  /** Where the HTTP server's log lines go (default stdout: pretty on a terminal, JSON otherwise). */
  logDestination?: LogDestination;
  webDist?: string | undefined;
  clock?: () => Date;
  /** Test harnesses: listen here rather than on the configuration's HOST. */
  host?: string;
  /** Test harnesses only (see apiDepsFrom). */
  accountRateLimits?: Partial<AccountRateLimits>;
  /** Test harnesses only: mail retries in milliseconds rather than minutes. */
  mailRetry?: Partial<RetryPolicy>;
  /** Test harnesses only: told of every route as it is added (see buildHttpApp). */
  onRoute?: HttpAppOptions['onRoute'];
  /** The process's metrics registry (default: a new one for this system). */
  metrics?: Registry;
  /** Test harnesses only: the HTTP server's timeouts (default HTTP_TIMEOUTS). */
  httpTimeouts?: HttpAppOptions['timeouts'];
  /** Test harnesses only: tracing with the test's own exporter (default: OTEL_EXPORTER_OTLP_ENDPOINT's). */
  tracing?: Tracing;
}

/**
 * The projector and the reactors over an open infrastructure: started here in one-process mode,
 * and as their own process in split mode (infra/src/split). Of several such processes on one
 * database one leads and the others stand by (Leadership); this resolves once this one is either.
 * The metrics registry gets each projection's position and lag, the leadership, and the mail
 * counters.
 */
export async function startBackground(
  config: AppConfig,
  infra: Infrastructure,
  options: {
    log: (line: string) => void;
    logError?: ((line: string) => void) | undefined;
    /** Test harnesses only: mail retries in milliseconds rather than minutes. */
    mailRetry?: Partial<RetryPolicy> | undefined;
    metrics: Registry;
    /** Tracing on: each projected event's span joins its request's trace. */
    tracing?: Tracing | undefined;
  },
): Promise<{ projector: ProjectionRunner; reactors: ReactorRunner; leadership: Leadership }> {
  const { log, mailRetry, metrics } = options;
  const logError = options.logError ?? ((line: string) => console.error(`[nocturne] ${line}`));
  const projector = new ProjectionRunner({
    store: infra.store,
    db: infra.projectionDb,
    projections,
    vault: infra.vault,
    notifier: infra.notifier,
    log: logError,
    ...(options.tracing ? { tracer: options.tracing.tracer } : {}),
  });
  await projector.init();
  trackProjections(metrics, {
    db: infra.db,
    store: infra.store,
    names: projections.map((p) => p.name),
    onError: (error) => log(`metrics: the projection checkpoints could not be read (${String(error)})`),
  });

  const reactorRunner = new ReactorRunner({
    store: infra.store,
    databaseUrl: config.databaseUrl,
    reactors,
    notifier: infra.notifier,
    log: logError,
    ...(mailRetry ? { retry: mailRetry } : {}),
    context: {
      vault: infra.vault,
      mailer: countMail(
        createMailer({
          smtpUrl: config.smtpUrl,
          outboxDir: outboxDirOf(config.dataDir),
          from: `Nocturne <${config.supportEmail}>`,
          log,
        }),
        metrics,
      ),
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      secret: config.secret,
    },
  });
  await reactorRunner.init();

  const leadership = new Leadership({
    databaseUrl: config.databaseUrl,
    lockKey: PROJECTOR_LEADER_LOCK,
    pollMs: config.projectorTakeoverMs,
    log,
    lead() {
      projector.start();
      reactorRunner.start();
    },
    async standBy() {
      await projector.stop();
      await reactorRunner.pause();
    },
  });
  trackLeadership(metrics, leadership);
  await leadership.start();

  return { projector, reactors: reactorRunner, leadership };
}

/**
 * One-process mode: migrate, then the projector, the reactors and both APIs (plus the SPA)
 * behind one port. Split mode starts the same pieces in separate processes (infra/src/split).
 */
export async function startSystem(config: AppConfig, options: StartOptions): Promise<RunningSystem> {
  const clock = options.clock ?? (() => new Date());
  // One registry for the one process: the projector's, both APIs' and the HTTP server's metrics.
  const metrics = options.metrics ?? createMetricsRegistry();
  const ownTracing = options.tracing
    ? undefined
    : startTracing({ serviceName: 'nocturne', endpoint: config.otlpEndpoint });
  const tracing = options.tracing ?? ownTracing;
  await migrateReadModel(config.databaseUrl);
  const infra = await connectInfrastructure(config, options.log, clock, metrics);

  const {
    projector,
    reactors: reactorRunner,
    leadership,
  } = await startBackground(config, infra, {
    log: options.log,
    logError: options.logError,
    mailRetry: options.mailRetry,
    metrics,
    tracing,
  });

  const deps = await apiDepsFrom(config, infra, clock, {
    accountRateLimits: options.accountRateLimits,
    metrics,
  });
  const app = await buildHttpApp({
    ...deps,
    apiDocument: lazyApiDocument(deps),
    webDist: options.webDist,
    sourceMaps: config.sourceMaps,
    publicUrl: config.publicUrl,
    logLevel: config.logLevel,
    logDestination: options.logDestination,
    trustProxy: config.trustProxy,
    readiness: () => checkReadiness(readinessSources(infra.db, infra.store)),
    onRoute: options.onRoute,
    metrics: { registry: metrics, token: config.metricsToken },
    timeouts: options.httpTimeouts,
    traceRequests: tracing?.traceRequests,
  });
  await app.listen({ port: config.port, host: options.host ?? config.host });
  const scheduler = startDraftScheduler(config, infra, clock, options.logError ?? options.log);
  const unlockReturner = startUnlockReturner(config, infra, clock, options.logError ?? options.log);
  const digest = startDigest(config, infra, clock, options.log);
  const port = (app.server.address() as { port: number }).port;

  return {
    app,
    infra,
    projector,
    reactors: reactorRunner,
    leadership,
    digest,
    metrics,
    address: `http://127.0.0.1:${port}`,
    async stop() {
      await scheduler.stop();
      await unlockReturner.stop();
      digest.stop();
      await app.close();
      await leadership.stop();
      await projector.stop();
      await reactorRunner.stop();
      await infra.close();
      await ownTracing?.shutdown();
    },
  };
}
