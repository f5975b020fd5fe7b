import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { answerFrameworkError, HttpError, installErrorHandling } from '@nocturne/http-kit';
import { AdminAuthenticator, hashAdminPassword } from '@nocturne/http-kit/auth';
import { MemoryAdminSessions, MemoryRateLimiter } from '@nocturne/http-kit/security';
import { MemoryNotifier } from '@nocturne/notify';
import { TEST_ADMIN_PASSWORD } from '@nocturne/test-kit/api-client';
import { MemoryPiiVault } from '@nocturne/vault';
import Fastify, { type FastifyInstance } from 'fastify';
import { commandApi } from '../app';
import type { CommandApiDeps, CommandApiOptions } from '../deps';
import type { WorkSlots } from '../images/work-slots';

export interface TestCommandApi {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>: command-api alone (every non-GET /api route). */
  baseUrl: string;
  options: CommandApiOptions;
  /** The in-memory ports it runs on: tests read the log and write givens through them. */
  ports: {
    store: MemoryEventStore;
    vault: MemoryPiiVault;
    notifier: MemoryNotifier;
    limiter: MemoryRateLimiter;
  };
  stop(): Promise<void>;
}

/**
 * command-api on its own: its plugin on a Fastify server with the kit's error answers, on the
 * in-memory event store, PII vault and notifier (the adapters that pass the ports' contracts),
 * a temporary DATA_DIR and a free port. Route tests of the command side run in the unit tier,
 * without PostgreSQL; what needs the read side or the product's server is infra's.
 */
export async function startTestCommandApi(
  overrides: Partial<CommandApiOptions> = {},
  tuning: { imageWork?: WorkSlots } & Pick<CommandApiDeps, 'ageHosted' | 'onAgeCheckAnswered'> = {},
): Promise<TestCommandApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-command-test-'));
  const options: CommandApiOptions = {
    secret: randomBytes(32).toString('hex'),
    dataDir,
    publicUrl: 'http://localhost:3000',
    supportEmail: 'support@nocturne.test',
    discountCode: 'TESTCODE30',
    inviteCodes: ['velvetnight', '202412'],
    exposeVerificationToken: true,
    ...overrides,
  };
  const ports = {
    store: new MemoryEventStore(),
    vault: new MemoryPiiVault(),
    notifier: new MemoryNotifier(),
    limiter: new MemoryRateLimiter(),
  };
  const deps: CommandApiDeps = {
    ...ports,
    adminAuth: new AdminAuthenticator({
      password: await hashAdminPassword(TEST_ADMIN_PASSWORD),
      sessions: new MemoryAdminSessions(),
      limiter: ports.limiter,
    }),
    clock: () => new Date(),
    // The checks read the PostgreSQL log and read models, which this in-memory harness has not.
    integrityChecks: {
      start: () => Promise.reject(new HttpError(503, 'The integrity checks need the PostgreSQL database.')),
    },
    ...(tuning.imageWork ? { imageWork: tuning.imageWork } : {}),
    ...(tuning.ageHosted ? { ageHosted: tuning.ageHosted } : {}),
    ...(tuning.onAgeCheckAnswered ? { onAgeCheckAnswered: tuning.onAgeCheckAnswered } : {}),
    options,
  };
  // Tests speak from several client addresses through X-Forwarded-For (rate limits are per client).
  const app = Fastify({
    frameworkErrors: answerFrameworkError,
    trustProxy: 'loopback',
    bodyLimit: 1024 * 1024,
  });
  installErrorHandling(app);
  await app.register(commandApi, deps);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    options,
    ports,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
