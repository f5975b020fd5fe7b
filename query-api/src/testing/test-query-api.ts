import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DomainEvent, streams } from '@nocturne/events';
import { ScanningLogBrowser } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { createTestDatabase, given, userRegistered } from '@nocturne/events/testing';
import { answerFrameworkError, HttpError, installErrorHandling } from '@nocturne/http-kit';
import { AdminAuthenticator, hashAdminPassword, newSessionToken } from '@nocturne/http-kit/auth';
import { MemoryAdminSessions, MemoryRateLimiter } from '@nocturne/http-kit/security';
import { MemoryNotifier } from '@nocturne/notify';
import {
  createReadModelDb,
  migrateReadModel,
  ProjectionRunner,
  projections,
  type ReadModel,
} from '@nocturne/projector';
import { TEST_ADMIN_PASSWORD } from '@nocturne/test-kit/api-client';
import { MemoryPiiVault } from '@nocturne/vault';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { queryApi } from '../app';
import { Consistency, readModelPositions } from '../consistency';
import type { QueryApiDeps } from '../deps';
import type { QueryApiOptions } from '../options';
import { StoryListCache } from '../stories/list/story-list-cache';

export interface TestQueryApi {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>: query-api alone (every GET /api route). */
  baseUrl: string;
  /** The read model, migrated, on a database of its own (dropped by stop). */
  db: Kysely<ReadModel>;
  /** That database's URL, for a test that needs a pool of its own. */
  databaseUrl: string;
  /** The in-memory log the givens go to, and the vault their personal fields are sealed with. */
  ports: { store: MemoryEventStore; vault: MemoryPiiVault; notifier: MemoryNotifier };
  /**
   * Appends a stream's events (the "given events" of a route test); project() makes the read
   * models answer from them.
   *
   *   await api.given(streams.story(id), [storyPublished()]);
   *   await api.project();
   *   const answer = await api.app.inject('/api/stories');
   */
  given(stream: string, events: DomainEvent[]): Promise<number>;
  /** Runs the projector up to the log's head and lets the story list see it; the head's position. */
  project(): Promise<number>;
  /** An admin session's code (X-Admin-Code), as the owner's password would give one. */
  adminCode(): Promise<string>;
  /**
   * A verified member signed in: the events of their signup, verification and login given
   * (project() before asking as them), their address claimed in the vault.
   */
  member(): Promise<TestMember>;
  stop(): Promise<void>;
}

export interface TestMember {
  userKey: string;
  email: string;
  /** Their session's Bearer token. */
  token: string;
}

/**
 * query-api on its own: its plugin on a Fastify server with the kit's error answers, over a
 * PostgreSQL read model of its own that the projector builds in this process from an in-memory
 * log. A route test gives events, projects them and asks; nothing goes through command-api. The
 * premium unlock (the one GET that appends) is command-api's: pass `unlockPremiumStory` to test
 * it, else it answers 503.
 */
export async function startTestQueryApi(
  label: string,
  overrides: Partial<QueryApiOptions> = {},
  tuning: Partial<Pick<QueryApiDeps, 'unlockPremiumStory' | 'clock'>> = {},
): Promise<TestQueryApi> {
  const database = await createTestDatabase(label);
  await migrateReadModel(database.url);
  const db = createReadModelDb(database.url);
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-query-test-'));
  const ports = {
    store: new MemoryEventStore(),
    vault: new MemoryPiiVault(),
    notifier: new MemoryNotifier(),
  };
  const limiter = new MemoryRateLimiter();
  const options: QueryApiOptions = {
    secret: randomBytes(32).toString('hex'),
    dataDir,
    paymentLinkBase: 'https://pay.example.test/pay',
    paymentProvider: 'manual',
    supportEmail: 'support@nocturne.test',
    ...overrides,
  };
  const adminAuth = new AdminAuthenticator({
    password: await hashAdminPassword(TEST_ADMIN_PASSWORD),
    sessions: new MemoryAdminSessions(),
    limiter,
  });
  const storyList = new StoryListCache(db, ports.notifier);
  const deps: QueryApiDeps = {
    db,
    consistency: new Consistency(readModelPositions(db, ports.store), ports.notifier),
    storyList,
    options,
    clock: tuning.clock ?? (() => new Date()),
    limiter,
    adminAuth,
    store: ports.store,
    logBrowser: new ScanningLogBrowser(ports.store),
    vault: ports.vault,
    unlockPremiumStory:
      tuning.unlockPremiumStory ??
      (() =>
        Promise.reject(new HttpError(503, 'The premium unlock is command-api’s; this test app has none.'))),
    integrityChecks: {
      read: () =>
        Promise.reject(new HttpError(503, 'The integrity checks run beside the product, not here.')),
    },
  };
  const runner = new ProjectionRunner({
    store: ports.store,
    db,
    projections,
    vault: ports.vault,
    notifier: ports.notifier,
  });
  const app = Fastify({ frameworkErrors: answerFrameworkError, trustProxy: 'loopback' });
  installErrorHandling(app);
  await app.register(queryApi, deps);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    db,
    databaseUrl: database.url,
    ports,
    async given(stream, events) {
      return Number((await given(ports.store, stream, events)).position);
    },
    async project() {
      const position = await runner.catchUp();
      await storyList.current(position);
      return position;
    },
    async adminCode() {
      return (await adminAuth.authenticate(TEST_ADMIN_PASSWORD, '127.0.0.1')).token;
    },
    async member() {
      const accountId = randomUUID();
      const email = `member-${accountId}@example.com`;
      const userKey = randomBytes(16).toString('hex');
      await ports.vault.claimAddress(ports.vault.addressDigest(email), { userKey, accountId });
      const session = newSessionToken(userKey);
      await given(ports.store, streams.user(userKey), [
        userRegistered({ accountId, email: await ports.vault.encrypt(accountId, email) }),
        { type: 'EmailVerified', data: { tokenDigest: 'a'.repeat(64) } },
        {
          type: 'UserLoggedIn',
          data: { sessionDigest: session.digest, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
        },
      ]);
      return { userKey, email, token: session.token };
    },
    async stop() {
      await app.close();
      storyList.close();
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
