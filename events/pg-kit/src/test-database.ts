import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A name no other test run (or CI job on this machine) will use: label + time + random. */
export function uniqueName(label: string): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 20);
  return `${clean}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set: run integration tests through vitest (global setup)');
  return url;
}

/** NATS URL for integration tests, or undefined when the fallback is in use. */
export function testNatsUrl(): string | undefined {
  return process.env.TEST_NATS_URL || undefined;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, uniquely named database; `drop()` removes it (and ends its connections). */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const adminUrl = testPostgresUrl();
  const name = `nt_${uniqueName(label)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
