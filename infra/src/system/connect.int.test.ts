import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { migrateReadModel } from '@nocturne/projector';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test-env/test-config';
import { connectInfrastructure, type Infrastructure } from './connect';

let database: TestDatabase;
let infra: Infrastructure;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase('connect');
  await migrateReadModel(database.url);
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-test-data-'));
  infra = await connectInfrastructure(
    testConfig({ databaseUrl: database.url, natsUrl: '', dataDir }),
    () => {},
  );
});

afterAll(async () => {
  await infra?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const statementTimeout = async (db: Infrastructure['db']) =>
  (await sql<{ t: string }>`select current_setting('statement_timeout') as t`.execute(db)).rows[0]!.t;

describe('the read-model connections', () => {
  it("bound a request's statements at 3 s and the projector's batches at a minute (a large catch-up batch on a busy machine was cancelled at 3 s, again and again)", async () => {
    expect(await statementTimeout(infra.db)).toBe('3s');
    expect(await statementTimeout(infra.projectionDb)).toBe('1min');
  });
});
