/**
 * Schema of the PostgreSQL event store.
 *
 * Global order: every append takes one transaction-scoped advisory lock (APPEND_LOCK) before
 * it assigns positions, and holds it until commit. So positions are handed out in commit
 * order: no transaction can commit a lower position after a reader has seen a higher one,
 * and a reader that asks for `position > checkpoint` can never skip a late committer.
 * (PostgreSQL makes a commit visible before it releases the transaction's locks.)
 *
 * Why this rather than Emmett's xid8 snapshot filter or Marten's gap detection: the position
 * stays one gap-free bigint, which is what read-your-writes needs (`X-Event-Position` is a
 * single number a client can compare), and readers need no snapshot arithmetic or timeouts.
 * The cost is that appends are serialised; the bench (`npm run bench`) measures it against
 * plain INSERTs, and the write volume of this product (signups, likes, unlocks) is far below it.
 *
 * Every expected-revision mode is checked inside `es_append`, in the same transaction that
 * inserts, so a conflict raises SQLSTATE ES409 and stores nothing.
 */
export const APPEND_LOCK = 8_202_611;

export const eventStoreSchemaSql = `
create table if not exists es_streams (
  stream_name text primary key,
  revision bigint not null
);

create table if not exists es_events (
  position bigint primary key,
  event_id uuid not null unique,
  stream_name text not null,
  stream_revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default clock_timestamp(),
  unique (stream_name, stream_revision)
);

create or replace function es_append(p_stream text, p_expected text, p_events jsonb)
returns table (next_revision bigint, last_position bigint)
language plpgsql as $$
declare
  v_current bigint;
  v_position bigint;
  v_count int := jsonb_array_length(p_events);
  v_known int;
begin
  perform pg_advisory_xact_lock(${APPEND_LOCK});

  -- Idempotency: a batch whose event ids are all stored already is a retry, answered as before.
  select count(*) into v_known from es_events
    where event_id in (select (e->>'event_id')::uuid from jsonb_array_elements(p_events) e);
  if v_known = v_count and v_count > 0 then
    return query select max(stream_revision), max(position) from es_events
      where event_id in (select (e->>'event_id')::uuid from jsonb_array_elements(p_events) e);
    return;
  elsif v_known > 0 then
    raise exception 'some event ids of this batch are stored already' using errcode = 'ES422';
  end if;

  select revision into v_current from es_streams where stream_name = p_stream;
  if not found then v_current := -1; end if;

  if (p_expected = 'no_stream' and v_current <> -1)
     or (p_expected = 'stream_exists' and v_current = -1)
     or (p_expected not in ('any', 'no_stream', 'stream_exists') and v_current <> p_expected::bigint) then
    raise exception 'wrong expected revision' using errcode = 'ES409', detail = v_current::text;
  end if;

  select coalesce(max(position), 0) into v_position from es_events;

  insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata)
  select v_position + e.ordinality, (e.value->>'event_id')::uuid, p_stream, v_current + e.ordinality,
         e.value->>'type', e.value->'data', e.value->'metadata'
  from jsonb_array_elements(p_events) with ordinality e;

  insert into es_streams (stream_name, revision) values (p_stream, v_current + v_count)
  on conflict (stream_name) do update set revision = excluded.revision;

  perform pg_notify('es_appended', (v_position + v_count)::text);
  return query select v_current + v_count, v_position + v_count;
end $$;
`;
