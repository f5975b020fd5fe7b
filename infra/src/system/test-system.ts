import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { createTestDatabase, testNatsUrl, uniqueName } from '../test-env/database';
import { type RunningSystem, startSystem } from './start-system';

export interface TestSystem extends RunningSystem {
  config: AppConfig;
  baseUrl: string;
  /** Waits until the projector has applied everything appended so far. */
  settle(): Promise<void>;
}

export const TEST_ADMIN_PASSWORD = 'test-admin-password';

/**
 * The whole product on a fresh, uniquely named database, on a free port, with a unique NATS
 * subject prefix and a temporary DATA_DIR; `stop()` removes all of it.
 */
export async function startTestSystem(overrides: Partial<AppConfig> = {}): Promise<TestSystem> {
  const database = await createTestDatabase(overrides.dataDir ? 'sys' : 'system');
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-test-data-'));
  const config: AppConfig = {
    port: 0,
    databaseUrl: database.url,
    eventStoreUrl: undefined,
    natsUrl: testNatsUrl(),
    natsSubjectPrefix: uniqueName('nt'),
    adminPassword: TEST_ADMIN_PASSWORD,
    smtpUrl: undefined,
    publicUrl: 'http://localhost:3000',
    dataDir,
    supportEmail: 'support@nocturne.test',
    paymentLinkBase: 'https://pay.example/nocturne',
    discountCode: 'TESTCODE30',
    inviteCodes: ['velvetnight', '202412'],
    exposeVerificationToken: true,
    secret: randomBytes(32).toString('hex'),
    internalToken: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    ...overrides,
  };
  const system = await startSystem(config, { log: () => {}, host: '127.0.0.1' });
  return {
    ...system,
    config,
    baseUrl: system.address,
    async settle() {
      await system.projector.catchUp();
    },
    async stop() {
      await system.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
