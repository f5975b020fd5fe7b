/**
 * Schema of the PostgreSQL event store.
 *
 * Global order: every append takes one transaction-scoped advisory lock (APPEND_LOCK) before
 * it assigns positions, and holds it until commit. So positions are handed out in commit
 * order: no transaction can commit a lower position after a reader has seen a higher one,
 * and a reader that asks for `position > checkpoint` can never skip a late committer.
 * (PostgreSQL's CommitTransaction marks the transaction visible in the proc array before it
 * releases the transaction's locks, so the next appender, and any reader that sees its rows,
 * also sees every earlier append.) This is Message DB's advisory-lock idea with one lock for the
 * whole log instead of one per category, because readers here follow one global order.
 *
 * Why this rather than Emmett's xid8 snapshot filter or Marten's gap detection: the position
 * stays one gap-free bigint, which is what read-your-writes needs (`X-Event-Position` is a
 * single number a client can compare), and readers need no snapshot arithmetic or timeouts.
 * The cost is that appends are serialised; the bench (`npm run bench`) measures it against
 * plain INSERTs, and the write volume of this product (signups, likes, unlocks) is far below it.
 *
 * Every expected-revision mode is checked inside `es_append`, in the same transaction that
 * inserts, so a conflict raises SQLSTATE ES409 and stores nothing; one call inserts the whole
 * batch, so an append of several events is atomic. ES422 = the batch repeats stored event ids
 * only partly; ES400 = a malformed call.
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
  v_ids uuid[];
  v_known int;
  v_elsewhere int;
  v_pass int;
begin
  -- The lock below orders appends only if every statement after it takes a fresh snapshot,
  -- which is what READ COMMITTED does; under a stricter level max(position) could be stale.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'es_append must run at READ COMMITTED' using errcode = 'ES400';
  end if;
  if v_count = 0 then
    raise exception 'an append needs at least one event' using errcode = 'ES400';
  end if;
  select array_agg((e->>'event_id')::uuid) into v_ids from jsonb_array_elements(p_events) e;
  if (select count(distinct id) from unnest(v_ids) id) <> v_count then
    raise exception 'the batch contains an event id twice' using errcode = 'ES400';
  end if;

  -- Two passes of the same checks: first without the lock, then under it. Stored events are
  -- never changed or removed and revisions only grow, so an answer the first pass gives (a
  -- retry, a partial repeat, a conflict) is true at the moment it was read; the append is refused
  -- or answered without queueing for the lock, which keeps the serialised part short when
  -- writers conflict. Only an append that passes both is stored.
  for v_pass in 1..2 loop
    if v_pass = 2 then
      perform pg_advisory_xact_lock(${APPEND_LOCK});
    end if;

    -- Idempotency: a batch whose event ids are all stored already, in this stream, is a retry and
    -- gets the answer of the original append. A batch that repeats only some of them, or ids of
    -- another stream, is neither: it is refused (ES422) and nothing is stored.
    select count(*), count(*) filter (where stream_name <> p_stream) into v_known, v_elsewhere
      from es_events where event_id = any(v_ids);
    if v_known = v_count and v_elsewhere = 0 then
      return query select max(stream_revision), max(position) from es_events where event_id = any(v_ids);
      return;
    elsif v_known > 0 then
      raise exception 'the batch repeats only some stored event ids' using errcode = 'ES422';
    end if;

    select revision into v_current from es_streams where stream_name = p_stream;
    if not found then v_current := -1; end if;

    if p_expected = 'any' then
      null;
    elsif p_expected = 'no_stream' then
      if v_current <> -1 then
        raise exception 'wrong expected revision' using errcode = 'ES409', detail = v_current::text;
      end if;
    elsif p_expected = 'stream_exists' then
      if v_current = -1 then
        raise exception 'wrong expected revision' using errcode = 'ES409', detail = v_current::text;
      end if;
    elsif p_expected ~ '^[0-9]{1,18}$' then
      if v_current <> p_expected::bigint then
        raise exception 'wrong expected revision' using errcode = 'ES409', detail = v_current::text;
      end if;
    else
      raise exception 'unknown expected revision %', p_expected using errcode = 'ES400';
    end if;
  end loop;

  select coalesce(max(position), 0) into v_position from es_events;

  insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata)
  select v_position + e.ordinality, (e.value->>'event_id')::uuid, p_stream, v_current + e.ordinality,
         e.value->>'type', e.value->'data', e.value->'metadata'
  from jsonb_array_elements(p_events) with ordinality e;

  insert into es_streams (stream_name, revision) values (p_stream, v_current + v_count)
  on conflict (stream_name) do update set revision = excluded.revision;

  -- Delivered at commit, so a woken reader finds the rows.
  perform pg_notify('es_appended', (v_position + v_count)::text);
  return query select v_current + v_count, v_position + v_count;
end $$;
`;
