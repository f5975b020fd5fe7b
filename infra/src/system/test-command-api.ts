import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { HttpError } from '@nocturne/http-kit';
import { MemoryAdminSessions, MemoryRateLimiter } from '@nocturne/http-kit/security';
import { MemoryNotifier } from '@nocturne/notify';
import { MemoryPiiVault } from '@nocturne/vault';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { testConfig } from '../test-env/test-config';
import { type ApiTuning, commandDepsFrom } from './deps';
import { buildHttpApp } from './http-app';
import type { HttpTimeouts } from './http-timeouts';

export type { HttpTimeouts } from './http-timeouts';

export interface TestCommandApi {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>: command-api alone (every non-GET /api route). */
  baseUrl: string;
  config: AppConfig;
  /** The in-memory ports it runs on: tests read the log and write givens through them. */
  infra: {
    store: MemoryEventStore;
    vault: MemoryPiiVault;
    notifier: MemoryNotifier;
    security: { limiter: MemoryRateLimiter; adminSessions: MemoryAdminSessions };
  };
  stop(): Promise<void>;
}

/**
 * command-api as the product builds it (same configuration mapping, same Fastify setup), on an
 * in-memory event store and PII vault, a temporary DATA_DIR and a free port: route tests of the
 * command side run in the unit tier, without PostgreSQL. Read-model routes are query-api's and
 * need the whole system (test-system.ts).
 */
export async function startTestCommandApi(
  overrides: Partial<AppConfig> = {},
  tuning: ApiTuning = {},
  timeouts?: HttpTimeouts,
): Promise<TestCommandApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-command-test-'));
  const config = testConfig({ dataDir, ...overrides });
  const infra = {
    store: new MemoryEventStore(),
    vault: new MemoryPiiVault(),
    notifier: new MemoryNotifier(),
    security: { limiter: new MemoryRateLimiter(), adminSessions: new MemoryAdminSessions() },
    // The checks read the PostgreSQL log and read models, which this in-memory harness has not.
    integrity: {
      start: () => Promise.reject(new HttpError(503, 'The integrity checks need the PostgreSQL database.')),
    },
  };
  const command = await commandDepsFrom(config, infra, () => new Date(), tuning);
  const app = await buildHttpApp({
    command,
    publicUrl: config.publicUrl,
    logLevel: 'silent',
    trustProxy: config.trustProxy,
    timeouts,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    infra,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
