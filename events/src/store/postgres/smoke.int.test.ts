import { createTestDatabase, type TestDatabase } from '@nocturne/infra/test-env/index';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../port';
import { PostgresEventStore } from './postgres-event-store';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('smoke');
  store = await PostgresEventStore.connect({ connectionString: db.url });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

it('appends, reads and refuses a stale revision', async () => {
  const e = (id: string) => ({ eventId: id, type: 'T', data: {}, metadata: {} });
  const first = await store.append('s-1', [e('00000000-0000-4000-8000-000000000001')], 'no_stream');
  expect(first).toEqual({ nextRevision: 0, position: 1 });
  await expect(
    store.append('s-1', [e('00000000-0000-4000-8000-000000000002')], 'no_stream'),
  ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  expect((await store.readStream('s-1')).map((x) => x.streamRevision)).toEqual([0]);
});
