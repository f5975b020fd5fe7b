import { createTestDatabase } from '@nocturne/pg-kit/testing';
import { describe, expect, it } from 'vitest';
import { openEventStore } from './open-event-store';

describe('openEventStore', () => {
  it('opens the Postgres store when no EventStoreDB URL is given', async () => {
    const db = await createTestDatabase('open_store');
    try {
      for (const eventStoreUrl of [undefined, '', '  ']) {
        const store = await openEventStore({ eventStoreUrl, databaseUrl: db.url });
        expect(store.kind).toBe('postgres');
        expect(await store.headPosition()).toBe(0);
        await store.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('refuses an EVENTSTORE_URL that is not esdb://', async () => {
    await expect(
      openEventStore({ eventStoreUrl: 'http://localhost:2113', databaseUrl: 'postgres://unused' }),
    ).rejects.toThrow(/EVENTSTORE_URL must start with esdb:\/\//);
  });

  it('fails at once with a clear message when the EventStoreDB does not answer', async () => {
    await expect(
      openEventStore({ eventStoreUrl: 'esdb://127.0.0.1:1?tls=false', databaseUrl: 'postgres://unused' }),
    ).rejects.toThrow(/EventStoreDB at esdb:\/\/127\.0\.0\.1:1\?tls=false did not answer/);
  });
});
