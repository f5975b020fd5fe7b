import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { newEvent, uniqueStream } from '../contract/event-store-contract';
import { AppendOutcomeUnknownError } from '../port';
import { PostgresEventStore } from './postgres-event-store';

/**
 * When the group has committed and only the wait for the disk after it fails (here: the
 * connection is ended under the flush statement), the appends are stored. They were answered as
 * a database outage, which the API says as "Nothing was saved", and a client that believed it
 * stored the like, the publish or the payment confirmation twice. Now such an append fails with
 * AppendOutcomeUnknownError (committed), and a retry with the same event ids stores nothing more.
 *
 * The flush statement calls pg_logical_emit_message; a function of that name in a schema searched
 * before pg_catalog stands in for it, and fails while the switch is on.
 */
let database: TestDatabase;
let admin: pg.Client;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('outcome');
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`
    create schema trap;
    create table trap.flush_fails (on_ boolean not null);
    insert into trap.flush_fails values (false);
    create function trap.pg_logical_emit_message(transactional boolean, prefix text, message text)
      returns pg_lsn language plpgsql as $$
    begin
      if (select on_ from trap.flush_fails) then
        raise exception 'terminating connection due to administrator command' using errcode = '57P01';
      end if;
      return pg_catalog.pg_logical_emit_message(transactional, prefix, message);
    end $$;`);
  const trapped = new URL(database.url);
  trapped.searchParams.set('options', '-c search_path=trap,pg_catalog,public');
  store = await PostgresEventStore.connect({ connectionString: trapped.toString(), poolSize: 2 });
});
afterAll(async () => {
  await store?.close();
  await admin?.end();
  await database?.drop();
});

describe('an append whose group committed but whose flush failed', () => {
  it('is not answered as not stored (it was answered as an outage: "Nothing was saved"); a retry with the same ids stores nothing more', async () => {
    const stream = uniqueStream('outcome');
    const first = await store.append(stream, [newEvent()], 'no_stream');
    expect(first.nextRevision).toBe(0);

    const event = newEvent();
    await admin.query('update trap.flush_fails set on_ = true');
    const failed = await store.append(stream, [event], 0).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(AppendOutcomeUnknownError);
    expect((failed as AppendOutcomeUnknownError).committed).toBe(true);
    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.eventId)).toContain(event.eventId);

    await admin.query('update trap.flush_fails set on_ = false');
    const retried = await store.append(stream, [event], 0);
    expect(retried).toEqual({ nextRevision: 1, position: stored.at(-1)!.position });
    expect(await store.readStream(stream)).toHaveLength(2);
  });
});
