import { randomBytes } from 'node:crypto';
import { TEST_ADMIN_PASSWORD } from '@nocturne/test-kit/api-client';
import { type AppConfig, parseConfig, resolveConfig } from '../config';

export { TEST_ADMIN_PASSWORD };

/**
 * The configuration every test harness starts from: the variables a test run sets, read through
 * the same schema and resolution as `npm start`, so a variable added to the schema reaches the
 * tests with its default. `databaseUrl` is empty unless given (unit tests have no database).
 * `dataDir` is the test's own temporary folder, which the test removes when it is done.
 */
export function testConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'dataDir'>): AppConfig {
  const raw = parseConfig({
    PORT: '0',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    APP_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_TOKEN: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    SUPPORT_EMAIL: 'support@nocturne.test',
    PAYMENT_LINK_BASE: 'https://pay.example/nocturne',
    DISCOUNT_CODE: 'TESTCODE30',
    INVITE_CODES: 'velvetnight,202412',
    EXPOSE_VERIFICATION_TOKEN: 'true',
    LOG_LEVEL: 'silent',
    // A test sends the digest when it means to (RunningSystem.digest.runNow), never by the clock.
    DIGEST_TIME: 'off',
    // Tests that predate age assurance keep showing everything; a test of the gating asks for it.
    AGE_ASSURANCE: 'off',
    // Tests speak from several client addresses through X-Forwarded-For (rate limits are per client).
    TRUST_PROXY: 'loopback',
    // A secret the schema generates when unset is kept here, never in the working copy's .data.
    DATA_DIR: overrides.dataDir,
  });
  const { config } = resolveConfig(raw, overrides.databaseUrl ?? '');
  return { ...config, ...overrides };
}
