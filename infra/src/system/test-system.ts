import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testNatsUrl, uniqueName } from '@nocturne/events/testing';
import type { AppConfig } from '../config';
import { testConfig } from '../test-env/test-config';
import { type RunningSystem, type StartOptions, startSystem } from './start-system';

export interface TestSystem extends RunningSystem {
  config: AppConfig;
  baseUrl: string;
  /** Waits until the projector has applied everything appended so far. */
  settle(): Promise<void>;
}

export { TEST_ADMIN_PASSWORD } from '../test-env/test-config';

/**
 * The whole product on a fresh, uniquely named database, on a free port, with a unique NATS
 * subject prefix and a temporary DATA_DIR; `stop()` removes all of it.
 */
export async function startTestSystem(
  overrides: Partial<AppConfig> = {},
  harness: Partial<
    Pick<
      StartOptions,
      | 'log'
      | 'logError'
      | 'logDestination'
      | 'mailRetry'
      | 'onRoute'
      | 'httpTimeouts'
      | 'accountRateLimits'
      | 'webDist'
    >
  > = {},
): Promise<TestSystem> {
  const database = await createTestDatabase(overrides.dataDir ? 'sys' : 'system');
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-test-data-'));
  const config = testConfig({
    databaseUrl: database.url,
    natsUrl: testNatsUrl(),
    natsSubjectPrefix: uniqueName('nt'),
    dataDir,
    ...overrides,
  });
  const system = await startSystem(config, {
    log: () => {},
    logError: () => {},
    ...harness,
    host: '127.0.0.1',
  });
  return {
    ...system,
    config,
    baseUrl: system.address,
    async settle() {
      const position = await system.projector.catchUp();
      // query-api's in-memory story list follows the projector a moment later: asking it for
      // this position brings it up too, so what a test reads next is settled as well.
      await fetch(`${system.address}/api/stories?limit=1`, {
        headers: { 'X-Min-Position': String(position) },
      });
    },
    async stop() {
      await system.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
