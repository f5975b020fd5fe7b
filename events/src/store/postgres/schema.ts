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
 * The cost is that appends are serialised, commit (WAL flush) included. Two things keep that
 * cost down: checks that can refuse or answer an append run once before the lock (see
 * es_append_group), and a store instance sends the appends that queue up while one group is in
 * flight as the next group: one transaction, one lock, one WAL flush for all of them, each
 * still checked and stored on its own. The bench (`npm run bench`) measures appends against
 * plain INSERTs.
 *
 * Every expected-revision mode is checked in SQL, in the transaction that inserts, before
 * anything of that append is written: a conflict stores nothing of it. One append's events
 * are inserted by one statement, so an append of several events is atomic.
 */
export const APPEND_LOCK = 8_202_611;

/** Outcome of one append inside es_append_group. */
export type AppendStatus =
  | 'appended'
  /** Every event id is stored already, in this stream: the original result is answered. */
  | 'retry'
  /** Some of the event ids are stored (or stored in another stream): refused, nothing stored. */
  | 'partial'
  /** The expected revision does not hold: refused, nothing stored; `actual` says what is. */
  | 'conflict'
  /** No events, an id twice, or an unknown expected-revision mode. */
  | 'malformed';

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

-- Checks one append and, when p_write and the checks pass, stores it. Writes only after every
-- check passed. p_write must only be set while APPEND_LOCK is held.
create or replace function es_append_one(
  p_stream text, p_expected text, p_events jsonb, p_write boolean,
  out status text, out next_revision bigint, out last_position bigint, out actual bigint)
language plpgsql as $$
declare
  v_ids uuid[];
  v_count int := jsonb_array_length(p_events);
  v_known int;
  v_elsewhere int;
  v_position bigint;
begin
  select array_agg((e->>'event_id')::uuid) into v_ids from jsonb_array_elements(p_events) e;
  if v_count = 0 or (select count(distinct id) from unnest(v_ids) id) <> v_count
     or p_expected is null or p_expected !~ '^(any|no_stream|stream_exists|[0-9]{1,18})$' then
    status := 'malformed';
    return;
  end if;

  -- Idempotency: all ids stored, in this stream = a retry, answered as the original append was.
  select count(*), count(*) filter (where e.stream_name <> p_stream) into v_known, v_elsewhere
    from es_events e where e.event_id = any(v_ids);
  if v_known = v_count and v_elsewhere = 0 then
    status := 'retry';
    select max(e.stream_revision), max(e.position) into next_revision, last_position
      from es_events e where e.event_id = any(v_ids);
    return;
  elsif v_known > 0 then
    status := 'partial';
    return;
  end if;

  select s.revision into actual from es_streams s where s.stream_name = p_stream;
  if not found then actual := -1; end if;
  if (p_expected = 'no_stream' and actual <> -1)
     or (p_expected = 'stream_exists' and actual = -1)
     or (p_expected ~ '^[0-9]+$' and actual <> p_expected::bigint) then
    status := 'conflict';
    return;
  end if;

  if not p_write then
    status := 'unchecked';
    return;
  end if;

  select coalesce(max(e.position), 0) into v_position from es_events e;
  insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata)
  select v_position + e.ordinality, (e.value->>'event_id')::uuid, p_stream, actual + e.ordinality,
         e.value->>'type', e.value->'data', e.value->'metadata'
  from jsonb_array_elements(p_events) with ordinality e;
  insert into es_streams (stream_name, revision) values (p_stream, actual + v_count)
  on conflict (stream_name) do update set revision = excluded.revision;
  status := 'appended';
  next_revision := actual + v_count;
  last_position := v_position + v_count;
end $$;

-- A group of independent appends, [{stream, expected, events: [{event_id, type, data, metadata}]}],
-- in one transaction. Each gets its own outcome row (idx = 1-based place in the group); one
-- append's conflict does not touch the others, and later appends see earlier ones.
create or replace function es_append_group(p_appends jsonb)
returns table (idx int, status text, next_revision bigint, last_position bigint, actual bigint)
language plpgsql as $$
declare
  v_n int := jsonb_array_length(p_appends);
  v_status text[] := array_fill(null::text, array[v_n]);
  v_next bigint[] := array_fill(null::bigint, array[v_n]);
  v_last bigint[] := array_fill(null::bigint, array[v_n]);
  v_actual bigint[] := array_fill(null::bigint, array[v_n]);
  v_item jsonb;
  v_result record;
  v_pending boolean := false;
  v_head bigint;
begin
  -- The lock orders appends only if every statement after it takes a fresh snapshot, which is
  -- what READ COMMITTED does; under a stricter level max(position) could be stale.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'es_append_group must run at READ COMMITTED' using errcode = 'ES400';
  end if;

  -- First pass, without the lock. Stored events never change and revisions only grow, so a
  -- retry, a partial repeat or a conflict seen now is a true answer at this moment: those
  -- appends are answered without queueing for the lock.
  for i in 1..v_n loop
    v_item := p_appends->(i - 1);
    select * into v_result from es_append_one(v_item->>'stream', v_item->>'expected', v_item->'events', false);
    if v_result.status = 'unchecked' then
      v_pending := true;
    else
      v_status[i] := v_result.status;
      v_next[i] := v_result.next_revision;
      v_last[i] := v_result.last_position;
      v_actual[i] := v_result.actual;
    end if;
  end loop;

  if v_pending then
    perform pg_advisory_xact_lock(${APPEND_LOCK});
    for i in 1..v_n loop
      continue when v_status[i] is not null;
      v_item := p_appends->(i - 1);
      select * into v_result from es_append_one(v_item->>'stream', v_item->>'expected', v_item->'events', true);
      v_status[i] := v_result.status;
      v_next[i] := v_result.next_revision;
      v_last[i] := v_result.last_position;
      v_actual[i] := v_result.actual;
      if v_result.status = 'appended' then v_head := v_result.last_position; end if;
    end loop;
    -- Delivered at commit, so a woken reader finds the rows.
    if v_head is not null then perform pg_notify('es_appended', v_head::text); end if;
  end if;

  return query select i, v_status[i], v_next[i], v_last[i], v_actual[i] from generate_series(1, v_n) i;
end $$;

-- One append, for callers outside this module: raises ES409 on a conflict (DETAIL = the actual
-- revision), ES422 on a partial repeat of stored ids, ES400 on a malformed call.
create or replace function es_append(p_stream text, p_expected text, p_events jsonb)
returns table (next_revision bigint, last_position bigint)
language plpgsql as $$
declare
  v_result record;
begin
  select * into v_result from es_append_group(
    jsonb_build_array(jsonb_build_object('stream', p_stream, 'expected', p_expected, 'events', p_events)));
  if v_result.status = 'conflict' then
    raise exception 'wrong expected revision' using errcode = 'ES409', detail = v_result.actual::text;
  elsif v_result.status = 'partial' then
    raise exception 'the batch repeats only some stored event ids' using errcode = 'ES422';
  elsif v_result.status = 'malformed' then
    raise exception 'malformed append' using errcode = 'ES400';
  end if;
  return query select v_result.next_revision, v_result.last_position;
end $$;
`;
