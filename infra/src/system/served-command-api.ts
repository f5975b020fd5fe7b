import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCommandApi } from '@nocturne/command-api/testing/test-command-api';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { HttpError } from '@nocturne/http-kit';
import { MemoryAdminSessions, MemoryRateLimiter } from '@nocturne/http-kit/security';
import { MemoryNotifier } from '@nocturne/notify';
import { MemoryPiiVault } from '@nocturne/vault';
import type { AppConfig } from '../config';
import { testConfig } from '../test-env/test-config';
import { type ApiTuning, commandDepsFrom } from './deps';
import { buildHttpApp } from './http-app';
import type { HttpTimeouts } from './http-timeouts';

export type { HttpTimeouts } from './http-timeouts';

/**
 * command-api as the product's server serves it (the configuration's mapping, the server's hot
 * lane, timeouts and hooks), on the in-memory ports of command-api's own test app, a temporary
 * DATA_DIR and a free port: the tests of what the server adds to command-api run in the unit
 * tier, without PostgreSQL. command-api's route tests use its own test app
 * (command-api/src/testing/test-command-api.ts); read-model routes need the whole system
 * (test-system.ts).
 */
export async function startServedCommandApi(
  overrides: Partial<AppConfig> = {},
  tuning: ApiTuning = {},
  timeouts?: HttpTimeouts,
): Promise<TestCommandApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-command-test-'));
  const config = testConfig({ dataDir, ...overrides });
  const ports = {
    store: new MemoryEventStore(),
    vault: new MemoryPiiVault(),
    notifier: new MemoryNotifier(),
    limiter: new MemoryRateLimiter(),
  };
  const infra = {
    ...ports,
    security: { limiter: ports.limiter, adminSessions: new MemoryAdminSessions() },
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
    options: command.options,
    ports,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
