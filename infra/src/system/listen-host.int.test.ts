import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testNatsUrl, uniqueName } from '@nocturne/events/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { outsideAddresses, reachable } from '../test-env/reachable';
import { testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The one-process server as `npm start` starts it: the configuration's defaults, HOST included. */
async function start(overrides: Partial<AppConfig> = {}): Promise<{ system: RunningSystem; port: number }> {
  const database = await createTestDatabase('host');
  cleanups.push(() => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-test-data-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const config = testConfig({
    databaseUrl: database.url,
    dataDir,
    natsUrl: testNatsUrl(),
    natsSubjectPrefix: uniqueName('nt'),
    ...overrides,
  });
  const system = await startSystem(config, { log: () => {}, logError: () => {} });
  cleanups.push(() => system.stop());
  return { system, port: Number(new URL(system.address).port) };
}

describe('where the one-process server listens', () => {
  it('loopback only by default (was: every interface, the admin password on the local network)', async () => {
    const { port } = await start();
    expect(await reachable('127.0.0.1', port)).toBe(true);
    expect(await reachable('127.0.0.2', port)).toBe(false);
    for (const address of outsideAddresses()) expect(await reachable(address, port), address).toBe(false);
  }, 60_000);

  it('every interface when HOST opens it', async () => {
    const { port } = await start({ host: '0.0.0.0' });
    expect(await reachable('127.0.0.2', port)).toBe(true);
    for (const address of outsideAddresses()) expect(await reachable(address, port), address).toBe(true);
  }, 60_000);
});
