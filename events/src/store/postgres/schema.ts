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
 * The cost is that appends are serialised. What keeps that cost down: a store instance keeps
 * several groups in flight (bounded by its pool), and the appends that queue up meanwhile go as
 * the next group: one transaction, one lock, one NOTIFY for all of them. es_append_pass checks a
 * whole group set-based under the lock (one statement for the stored ids, one for the streams'
 * revisions, then a loop in memory), writes every event with one multi-row INSERT (positions in
 * group order) and every stream with one multi-row upsert; so the time under the lock hardly
 * grows with the group.
 *
 * The WAL flush is outside the lock: the store's group commits with synchronous_commit off
 * (p_flush_after), so COMMIT makes the rows visible and releases the lock in the same order as
 * before, without waiting for the disk; then, before any append of the group is answered, the
 * store runs a synchronous transaction with an xid on the same connection, whose commit flushes
 * the WAL up to and past the group's commit record (the flushes of groups in flight merge in
 * PostgreSQL's own group flush). So the order readers see is unchanged and no append is
 * acknowledged before it is durable. What a reader may see is an event not yet on disk for the
 * millisecond of that flush; a crash of the database in it loses that event, never acknowledged
 * to its writer, together with anything derived from it in this database (its WAL comes later).
 * The bench (`npm run bench -- write`) measures appends against plain INSERTs.
 *
 * Every expected-revision mode is checked in SQL, in the transaction that inserts, before
 * anything of that append is written: a conflict stores nothing of it. A group's events are
 * inserted by one statement in one transaction, so an append of several events is atomic, and
 * each append is still checked on its own: one append's bad data, repeat or conflict is its own
 * outcome, never the group's.
 */
export const APPEND_LOCK = 8_202_611;

/** Outcome of one append inside es_append_pass. */
export type AppendStatus =
  | 'appended'
  /** Every event id is stored already, in this stream: the original result is answered. */
  | 'retry'
  /** Some of the event ids are stored (or stored in another stream): refused, nothing stored. */
  | 'partial'
  /** The expected revision does not hold: refused, nothing stored; `actual` says what is. */
  | 'conflict'
  /** No events, an id twice, a malformed event, or an unknown expected-revision mode. */
  | 'malformed'
  /** Shares an event id with an earlier append of its group: to be sent again in a later group. */
  | 'again';

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

-- The functions of earlier versions: es_append_pass replaced them.
drop function if exists es_append_pass(jsonb);
drop function if exists es_append_group(jsonb);
drop function if exists es_append_one(text, text, jsonb, boolean);

-- The events of a group's appends whose status is p_want (null = still undecided), one row per
-- event with its append's 1-based place (i) and its place in that append (ord).
create or replace function es_group_events(p_appends jsonb, p_status text[], p_want text)
returns table (i int, ord int, event_id uuid, type text, data jsonb, metadata jsonb)
language sql stable as $$
  select a.i::int, e.ord::int, (e.value->>'event_id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
  from jsonb_array_elements(p_appends) with ordinality a(value, i)
  cross join lateral jsonb_array_elements(a.value->'events') with ordinality e(value, ord)
  where p_status[a.i] is not distinct from p_want
$$;

-- A group of independent appends, [{stream, expected, events: [{event_id, type, data, metadata}]}],
-- in one transaction, set-based: whatever the group's size, a fixed number of statements. Each append gets its own outcome row (idx = 1-based place in the group); one
-- append's bad data, repeat or conflict does not touch the others, and later appends of the
-- group see earlier ones (two appends to one stream chain their revisions in group order).
-- Status 'again': the append shares an event id with an earlier append of this group; the
-- caller sends it again in a later group, where it is a retry, a partial repeat or new.
create or replace function es_append_pass(p_appends jsonb, p_flush_after boolean default false)
returns table (idx int, status text, next_revision bigint, last_position bigint, actual bigint)
language plpgsql as $$
declare
  v_n int := jsonb_array_length(p_appends);
  v_stream text[];
  v_expected text[];
  v_count int[];
  v_status text[];
  v_next bigint[] := array_fill(null::bigint, array[v_n]);
  v_last bigint[] := array_fill(null::bigint, array[v_n]);
  v_actual bigint[] := array_fill(null::bigint, array[v_n]);
  v_known int[];
  v_elsewhere int[];
  v_known_rev bigint[];
  v_known_pos bigint[];
  v_revs jsonb;
  v_rev bigint;
  v_head bigint;
  v_first_head bigint;
  v_again int;
begin
  -- The lock orders appends only if every statement after it takes a fresh snapshot, which is
  -- what READ COMMITTED does; under a stricter level max(position) could be stale.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'es_append_pass must run at READ COMMITTED' using errcode = 'ES400';
  end if;
  -- The caller flushes the WAL itself once the statement has returned (see the header): the
  -- commit then releases the lock without waiting for the disk.
  if p_flush_after then
    perform set_config('synchronous_commit', 'off', true);
  end if;

  -- Shape of every append, so that nothing malformed reaches a cast or a constraint (which
  -- would fail the whole group).
  select array_agg(s.stream order by s.i), array_agg(s.expected order by s.i),
         array_agg(s.n order by s.i), array_agg(s.shape order by s.i)
    into v_stream, v_expected, v_count, v_status
  from (
    select a.i, a.value->>'stream' as stream, a.value->>'expected' as expected,
      case when jsonb_typeof(a.value->'events') = 'array' then jsonb_array_length(a.value->'events') else 0 end as n,
      -- CASE, not OR: only CASE evaluates its branches in order.
      case
        when jsonb_typeof(a.value->'events') is distinct from 'array' then 'malformed'
        when jsonb_array_length(a.value->'events') = 0 then 'malformed'
        when jsonb_typeof(a.value->'stream') is distinct from 'string' or a.value->>'stream' = '' then 'malformed'
        when a.value->>'expected' is null
          or a.value->>'expected' !~ '^(any|no_stream|stream_exists|[0-9]{1,18})$' then 'malformed'
        when exists (
          select 1 from jsonb_array_elements(a.value->'events') e
          where jsonb_typeof(e) is distinct from 'object'
            or coalesce(e->>'event_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            or jsonb_typeof(e->'type') is distinct from 'string'
            or e->'data' is null or e->'metadata' is null) then 'malformed'
        when (select count(distinct (e->>'event_id')::uuid) from jsonb_array_elements(a.value->'events') e)
          <> jsonb_array_length(a.value->'events') then 'malformed'
      end as shape
    from jsonb_array_elements(p_appends) with ordinality a(value, i)
  ) s;

  -- An id in two appends of this group: the later one waits for a later group.
  for v_again in
    select distinct d.i from (
      select e.i, min(e.i) over (partition by e.event_id) as first
      from es_group_events(p_appends, v_status, null) e) d
    where d.i > d.first
  loop
    v_status[v_again] := 'again';
  end loop;

  -- Everything left is decided under the lock, in one pass over the group: checks that could be
  -- made before it would have to be made again under it, so they would only add statements.
  if array_position(v_status, null) is not null then
    perform pg_advisory_xact_lock(${APPEND_LOCK});
    select coalesce(max(e.position), 0) into v_head from es_events e;
    v_first_head := v_head;

    -- Which of each undecided append's ids are stored, and where: one statement for the group.
    select array_agg(coalesce(k.known, 0) order by g.i), array_agg(coalesce(k.elsewhere, 0) order by g.i),
           array_agg(k.rev order by g.i), array_agg(k.pos order by g.i)
      into v_known, v_elsewhere, v_known_rev, v_known_pos
    from generate_series(1, v_n) g(i)
    left join (
      select e.i, count(*) as known, count(*) filter (where s.stream_name <> v_stream[e.i]) as elsewhere,
             max(s.stream_revision) as rev, max(s.position) as pos
      from es_group_events(p_appends, v_status, null) e
      join es_events s on s.event_id = e.event_id
      group by e.i
    ) k on k.i = g.i;

    -- The group's streams at their current revisions: one statement.
    select coalesce(jsonb_object_agg(s.stream_name, s.revision), '{}'::jsonb) into v_revs
      from es_streams s where s.stream_name = any(v_stream);

    -- In group order, in memory: a later append to a stream sees what an earlier one wrote.
    for i in 1..v_n loop
      continue when v_status[i] is not null;
      -- Idempotency: all ids stored, in this stream = a retry, answered as the original append was.
      if v_known[i] = v_count[i] and v_elsewhere[i] = 0 then
        v_status[i] := 'retry';
        v_next[i] := v_known_rev[i];
        v_last[i] := v_known_pos[i];
        continue;
      elsif v_known[i] > 0 then
        v_status[i] := 'partial';
        continue;
      end if;
      v_rev := coalesce((v_revs->>v_stream[i])::bigint, -1);
      if (v_expected[i] = 'no_stream' and v_rev <> -1)
         or (v_expected[i] = 'stream_exists' and v_rev = -1)
         or (v_expected[i] ~ '^[0-9]+$' and v_rev <> v_expected[i]::bigint) then
        v_status[i] := 'conflict';
        v_actual[i] := v_rev;
        continue;
      end if;
      v_status[i] := 'appended';
      v_next[i] := v_rev + v_count[i];
      v_head := v_head + v_count[i];
      v_last[i] := v_head;
      v_revs := v_revs || jsonb_build_object(v_stream[i], v_next[i]);
    end loop;
  end if;

  if v_head is not null and v_head > v_first_head then
    -- One statement for every event of the group, positions in group order.
    insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata)
    select v_last[e.i] - v_count[e.i] + e.ord, e.event_id, v_stream[e.i], v_next[e.i] - v_count[e.i] + e.ord,
           e.type, e.data, e.metadata
    from es_group_events(p_appends, v_status, 'appended') e;
    -- One statement for every stream of the group, at its last revision.
    insert into es_streams (stream_name, revision)
    select v_stream[g.i], max(v_next[g.i]) from generate_series(1, v_n) g(i)
    where v_status[g.i] = 'appended' group by v_stream[g.i]
    on conflict (stream_name) do update set revision = excluded.revision;
    -- One notification per group, delivered at commit, so a woken reader finds the rows.
    perform pg_notify('es_appended', v_head::text);
  end if;

  return query select g.i, v_status[g.i], v_next[g.i], v_last[g.i], v_actual[g.i] from generate_series(1, v_n) g(i);
end $$;

-- One append, for callers outside this module: raises ES409 on a conflict (DETAIL = the actual
-- revision), ES422 on a partial repeat of stored ids, ES400 on a malformed call.
create or replace function es_append(p_stream text, p_expected text, p_events jsonb)
returns table (next_revision bigint, last_position bigint)
language plpgsql as $$
declare
  v_result record;
begin
  select * into v_result from es_append_pass(
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
