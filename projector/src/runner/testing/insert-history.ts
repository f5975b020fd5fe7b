import { APPEND_LOCK } from '@nocturne/events/store/postgres/schema';
import pg from 'pg';
import type { MixedHistory } from './mixed-history';

/**
 * Seeds a PostgreSQL event store with a generated history by bulk INSERT, much faster than one
 * `es_append` per batch: positions follow the store's head and stream revisions follow each
 * stream's current one, exactly as appends would have numbered them, under the store's append
 * lock. For tests and the bench only; the product appends through the store. The store's schema
 * must exist (PostgresEventStore.connect creates it).
 */
export async function insertHistory(
  databaseUrl: string,
  history: MixedHistory,
  chunk = 5000,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK]);
    const { rows: head } = await client.query<{ head: string | null }>(
      'select max(position) as head from es_events',
    );
    let position = Number(head[0]?.head ?? 0);
    const names = [...new Set(history.appends.map((a) => a.streamName))];
    const { rows: known } = await client.query<{ stream_name: string; revision: string }>(
      'select stream_name, revision from es_streams where stream_name = any($1)',
      [names],
    );
    const revisions = new Map(known.map((r) => [r.stream_name, Number(r.revision)]));
    const columns = {
      position: [] as number[],
      eventId: [] as string[],
      stream: [] as string[],
      revision: [] as number[],
      type: [] as string[],
      data: [] as string[],
      metadata: [] as string[],
    };
    const flush = async () => {
      if (columns.position.length === 0) return;
      await client.query(
        `insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata)
         select * from unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::jsonb[])`,
        Object.values(columns),
      );
      for (const list of Object.values(columns)) list.length = 0;
    };
    for (const { streamName, events } of history.appends) {
      for (const event of events) {
        const revision = (revisions.get(streamName) ?? -1) + 1;
        revisions.set(streamName, revision);
        position += 1;
        columns.position.push(position);
        columns.eventId.push(event.eventId);
        columns.stream.push(streamName);
        columns.revision.push(revision);
        columns.type.push(event.type);
        columns.data.push(JSON.stringify(event.data));
        columns.metadata.push(JSON.stringify(event.metadata));
        if (columns.position.length >= chunk) await flush();
      }
    }
    await flush();
    await client.query(
      `insert into es_streams (stream_name, revision) select * from unnest($1::text[], $2::bigint[])
       on conflict (stream_name) do update set revision = excluded.revision`,
      [[...revisions.keys()], [...revisions.values()]],
    );
    await client.query('commit');
    return position;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
