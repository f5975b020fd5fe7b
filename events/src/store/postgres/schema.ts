import { contentSql, GENESIS_HASH_SQL, linkSql, storedLinkSql } from './hash-chain';
import { streamTypeIndexOnEmptyLogSql } from './stream-type-index';

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
 * The cost is that appends are serialised. What keeps that cost down: a store instance sends
 * its appends in groups, one group at a time in the database while the groups before it wait
 * for the disk (append-groups.ts), and the appends that queue up meanwhile go as the next group:
 * one transaction, one lock, one NOTIFY for all of them. es_append_pass reads the
 * group's JSON and checks its shapes before the lock; under it, one statement reads the head, the
 * streams' revisions and the stored ids (by key), a loop of array lookups decides, and one
 * statement writes every event (positions in group order) and every stream, so the time under
 * the lock grows with the group by little per append (docs/performance.md, "Group commit").
 *
 * The WAL flush is outside the lock: the store's group commits with synchronous_commit off
 * (p_flush_after), so COMMIT makes the rows visible and releases the lock in the same order as
 * before, without waiting for the disk; then, before any append of the group is answered, the
 * store runs, on the same connection, a synchronous transaction that writes a WAL record of its
 * own (a transactional logical message). Only such a commit waits for the disk: PostgreSQL
 * skips the flush for a transaction that wrote no WAL before its commit record, even one that
 * took an xid. Its commit flushes the WAL up to and past the group's commit record (the
 * flushes of groups in flight merge in PostgreSQL's own group flush). So the order readers see is unchanged and no append is
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
 *
 * An append may carry a guard, a revision another stream must be at (the port's AppendGuard): it
 * is read with the group's other revisions under the lock and checked at the append's turn, so
 * the condition and the append are one atomic step. A like is guarded by the revision of its
 * story's stream that the command read earlier, instead of reading the story again each time.
 */
export const APPEND_LOCK = 8_202_611;

/** Held while the schema is installed, and by the session that builds an index beside appends. */
export const SCHEMA_LOCK = 8_202_610;

/** Outcome of one append inside es_append_pass. */
export type AppendStatus =
  | 'appended'
  /** Every event id is stored already, in this stream: the original result is answered. */
  | 'retry'
  /** Some of the event ids are stored (or stored in another stream): refused, nothing stored. */
  | 'partial'
  /** The expected revision does not hold: refused, nothing stored; `actual` says what is. */
  | 'conflict'
  /** The guarded stream is not at the guard's revision: refused, nothing stored; `actual` says where it is. */
  | 'guard_conflict'
  /** No events, an id twice, a malformed event, or an unknown expected-revision mode. */
  | 'malformed'
  /** Shares an event id with an earlier append of its group: to be sent again in a later group. */
  | 'again';

/** An event row's columns after its position: es_events', and the append bench's baseline table's. */
export const eventColumnsSql = `
  event_id uuid not null unique,
  stream_name text not null,
  stream_revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default clock_timestamp(),
  unique (stream_name, stream_revision)`;

export const eventStoreSchemaSql = `
create table if not exists es_streams (
  stream_name text primary key,
  revision bigint not null
);

create table if not exists es_events (
  position bigint primary key,${eventColumnsSql}
);

-- The auditor's event browser (postgres-log-browser.ts): the log by type, by time and by the
-- request that caused it, and a category's streams as one range of names ("C" collation).
create index if not exists es_events_type_position on es_events (type, position);
create index if not exists es_events_recorded_at on es_events (recorded_at, position);
create index if not exists es_events_correlation on es_events ((metadata->>'correlationId'), position);
create index if not exists es_streams_name_c on es_streams ((stream_name collate "C"));

-- One stream's events of a few types (readStreamTypes: the audit's events among an account's
-- logins). Here on an empty log; on a log with rows, built beside appends (stream-type-index.ts).
${streamTypeIndexOnEmptyLogSql}

-- The hash chain (hash-chain.ts). Null only on events written before it existed, until
-- es_chain_unchained below chains them, or by a store that was told not to chain (the bench's
-- baseline).
alter table es_events add column if not exists hash bytea;
create index if not exists es_events_unchained on es_events (position) where hash is null;

-- The functions of earlier versions: es_append_pass replaced them.
drop function if exists es_append_pass(jsonb);
drop function if exists es_append_pass(jsonb, boolean);
drop function if exists es_append_group(jsonb);
drop function if exists es_append_one(text, text, jsonb, boolean);
drop function if exists es_group_events(jsonb, text[], text);

-- A group of independent appends, [{stream, expected, events: [{event_id, type, data, metadata}],
-- guard_stream?, guard_revision?}], in one transaction, set-based: whatever the group's size, a
-- fixed number of statements. Each append gets its own outcome row (idx = 1-based place in the group); one append's bad data,
-- repeat or conflict does not touch the others, and later appends of the group see earlier ones
-- (two appends to one stream chain their revisions in group order).
-- A guard makes an append conditional on another stream: stored only if guard_stream is at
-- guard_revision (-1: no such stream) when the append's turn comes under the lock, counting the
-- group's earlier appends to it; otherwise status 'guard_conflict', with actual = its revision.
-- Status 'again': the append shares an event id with an earlier append of this group; the
-- caller sends it again in a later group, where it is a retry, a partial repeat or new.
--
-- Everything that needs no lock is done before it: the JSON is read once, into arrays, and
-- each append's shape is checked there. Under the lock come one statement that reads (the head,
-- the streams' revisions, which of the group's ids are stored), a loop over the group in memory
-- (array lookups only), and one statement that writes (events and streams), then the NOTIFY.
create or replace function es_append_pass(p_appends jsonb, p_flush_after boolean default false,
                                          p_chain boolean default true)
returns table (idx int, status text, next_revision bigint, last_position bigint, actual bigint)
language plpgsql
-- Its plans are cached per connection, from the statistics of the moment: on a young log they
-- would scan es_events and es_streams whole, and go on doing so under the lock as they grow.
-- Every table access here is by a key, so the index is always right.
set enable_seqscan = off
as $$
declare
  v_n int := jsonb_array_length(p_appends);
  -- One entry per append, at its place in the group.
  v_stream text[];
  v_expected bigint[];  -- a revision, or -1 no_stream, -2 any, -3 stream_exists
  v_count int[];
  v_prev int[];         -- the group's previous append to the same stream, if any
  v_guard_stream text[];  -- the stream an append is conditional on, if any
  v_guard_rev bigint[];   -- the revision that stream must be at
  v_guard_prev int[];     -- the group's last append before it to the guarded stream, if any
  v_guard_stored bigint[];  -- the guarded stream's revision when the lock was taken
  v_status text[];
  v_stored bigint[];    -- the stream's revision when the lock was taken (first append of a stream)
  v_after bigint[] := array_fill(null::bigint, array[v_n]);  -- the stream's revision after it
  v_next bigint[] := array_fill(null::bigint, array[v_n]);
  v_last bigint[] := array_fill(null::bigint, array[v_n]);
  v_actual bigint[] := array_fill(null::bigint, array[v_n]);
  -- One entry per event of the appends still undecided before the lock, in group order.
  v_ev_app int[];
  v_ev_ord int[];
  v_ev_id uuid[];
  v_ev_type text[];
  v_ev_data jsonb[];
  v_ev_meta jsonb[];
  v_ev_at timestamptz[];  -- a backdated record time (the demo's history), or null: the clock
  v_ev_content bytea[];  -- what each hash covers besides revision and time (hash-chain.ts); null without p_chain
  v_ev_hash bytea[];    -- each event's chained hash
  v_chain bytea;        -- the hash of the event before the next one
  v_time timestamptz;   -- recorded_at of the group's events
  -- The appends with stored ids (usually none): place, how many, how many in another stream,
  -- the highest revision and position among them.
  v_known_app int[];
  v_known int[];
  v_known_elsewhere int[];
  v_known_rev bigint[];
  v_known_pos bigint[];
  v_head bigint;
  v_first_head bigint;
  v_rev bigint;  -- a stream's revision before an append
  v_guard bigint;  -- a guarded stream's revision at an append's turn
  j int;
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

  -- The JSON, read once. Shape of every append, so that nothing malformed reaches a cast or a
  -- constraint (which would fail the whole group); then an id in two appends of the group: the
  -- later one waits for a later group.
  with app as (
    select a.i::int as i, a.value->>'stream' as stream, jsonb_typeof(a.value->'stream') as stream_type,
           a.value->>'expected' as expected, a.value->'events' as events,
           a.value->>'guard_stream' as guard_stream, jsonb_typeof(a.value->'guard_stream') as guard_type,
           a.value->>'guard_revision' as guard_revision
    from jsonb_array_elements(p_appends) with ordinality a(value, i)
  ), ev as (
    select app.i, e.ord::int as ord, e.value,
      -- CASE: the cast runs on a well-formed id only.
      case when jsonb_typeof(e.value) = 'object' and jsonb_typeof(e.value->'type') = 'string'
                and e.value ? 'data' and e.value ? 'metadata'
                and coalesce(e.value->>'event_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           then (e.value->>'event_id')::uuid end as id
    from app
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(app.events) = 'array' then app.events else '[]'::jsonb end) with ordinality e(value, ord)
  ), counted as (
    select ev.i, count(*) as n, count(ev.id) as ok, count(distinct ev.id) as ids from ev group by ev.i
  ), shaped as (
    select app.i, app.stream, app.expected, app.guard_stream, app.guard_revision, coalesce(c.n, 0)::int as n,
      case
        when coalesce(c.n, 0) = 0 or c.ok < c.n or c.ids < c.n then 'malformed'
        when app.stream_type is distinct from 'string' or app.stream = '' then 'malformed'
        when app.expected is null
          or app.expected !~ '^(any|no_stream|stream_exists|[0-9]{1,18})$' then 'malformed'
        when app.guard_type is not null and (app.guard_type <> 'string' or app.guard_stream = ''
          or app.guard_revision is null or app.guard_revision !~ '^(-1|[0-9]{1,18})$') then 'malformed'
      end as shape
    from app left join counted c on c.i = app.i
  ), again as (
    select distinct d.i from (
      select ev.i, min(ev.i) over (partition by ev.id) as first
      from ev join shaped s on s.i = ev.i and s.shape is null) d
    where d.i > d.first
  ), decided as (
    select s.i, s.stream, s.n,
      coalesce(s.shape, case when g.i is not null then 'again' end) as status,
      case when s.shape is not null then null
           when s.expected = 'any' then -2 when s.expected = 'no_stream' then -1
           when s.expected = 'stream_exists' then -3 else s.expected::bigint end as expected,
      lag(s.i) over (partition by s.stream order by s.i) as prev,
      case when s.shape is null then s.guard_stream end as guard_stream,
      -- A revision without a guarded stream guards nothing, and is never cast.
      case when s.shape is null and s.guard_stream is not null then s.guard_revision::bigint end as guard_revision
    from shaped s left join again g on g.i = s.i
  ), guard_prev as (
    -- For each guard, the group's last append before it to the guarded stream: a running max
    -- over appends and guards of one stream in group order, a guard sorting before its own append.
    select r.i, r.last from (
      select x.i, x.is_guard,
        max(x.i) filter (where not x.is_guard) over (partition by x.name order by x.i, x.is_guard desc) as last
      from (select d.i, d.stream as name, false as is_guard from decided d
            union all
            select d.i, d.guard_stream, true from decided d where d.guard_stream is not null) x
    ) r where r.is_guard
  )
  -- The event arrays come out of one aggregate, so they are aligned with each other, in group
  -- order (i, ord), which is the order of their positions: the hash chain is built in it.
  select a.stream, a.expected, a.n, a.status, a.prev, a.guard_stream, a.guard_revision, a.guard_prev,
         e.app, e.ord, e.id, e.type, e.data, e.metadata, e.at, e.content
    into v_stream, v_expected, v_count, v_status, v_prev, v_guard_stream, v_guard_rev, v_guard_prev,
         v_ev_app, v_ev_ord, v_ev_id, v_ev_type, v_ev_data, v_ev_meta, v_ev_at, v_ev_content
  from (select array_agg(d.stream order by d.i) as stream, array_agg(d.expected order by d.i) as expected,
               array_agg(d.n order by d.i) as n, array_agg(d.status order by d.i) as status,
               array_agg(d.prev order by d.i) as prev, array_agg(d.guard_stream order by d.i) as guard_stream,
               array_agg(d.guard_revision order by d.i) as guard_revision,
               array_agg(gp.last order by d.i) as guard_prev
        from decided d left join guard_prev gp on gp.i = d.i) a,
       (select array_agg(ev.i order by ev.i, ev.ord) as app, array_agg(ev.ord order by ev.i, ev.ord) as ord,
               array_agg(ev.id order by ev.i, ev.ord) as id,
               array_agg(ev.value->>'type' order by ev.i, ev.ord) as type,
               array_agg(ev.value->'data' order by ev.i, ev.ord) as data,
               array_agg(ev.value->'metadata' order by ev.i, ev.ord) as metadata,
               -- CASE: only a UTC ISO time is cast; anything else records the clock.
               array_agg(case when ev.value->>'recorded_at' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{8,12}Z$'
                              then (ev.value->>'recorded_at')::timestamptz end
                         order by ev.i, ev.ord) as at,
               -- The hashed content needs nothing the lock decides: built here, outside it.
               array_agg(case when p_chain then ${contentSql('u.stream', "ev.value->>'type'", "ev.value->'data'", "ev.value->'metadata'")} end
                         order by ev.i, ev.ord) as content
        from ev join decided u on u.i = ev.i and u.status is null) e;

  if v_ev_app is null then
    return query select g.i, v_status[g.i], v_next[g.i], v_last[g.i], v_actual[g.i] from generate_series(1, v_n) g(i);
    return;
  end if;

  -- Everything left is decided under the lock, in one pass over the group: checks that could be
  -- made before it would have to be made again under it, so they would only add statements.
  perform pg_advisory_xact_lock(${APPEND_LOCK});

  -- One statement reads all the lock protects: the head, the revision of each stream the group
  -- appends to or guards, and which of the group's ids are stored, and where. Both tables are
  -- searched by their keys (= any) and only then matched to the appends in memory.
  select h.head, h.hash, st.revs, gd.revs, k.apps, k.known, k.elsewhere, k.rev, k.pos
    into v_head, v_chain, v_stored, v_guard_stored, v_known_app, v_known, v_known_elsewhere, v_known_rev, v_known_pos
  from (select coalesce(max(e.position), 0) as head,
               (select t.hash from es_events t order by t.position desc limit 1) as hash
        from es_events e) h,
    (select array_agg(s.revision order by a.i) as revs
     from unnest(v_stream) with ordinality a(name, i)
     left join (select t.stream_name, t.revision from es_streams t where t.stream_name = any(v_stream)) s
       on s.stream_name = a.name and v_prev[a.i] is null) st,
    (select array_agg(s.revision order by a.i) as revs
     from unnest(v_guard_stream) with ordinality a(name, i)
     left join (select t.stream_name, t.revision from es_streams t where t.stream_name = any(v_guard_stream)) s
       on s.stream_name = a.name and v_guard_prev[a.i] is null) gd,
    (select array_agg(x.i) as apps, array_agg(x.known) as known, array_agg(x.elsewhere) as elsewhere,
            array_agg(x.rev) as rev, array_agg(x.pos) as pos
     from (select e.i, count(*)::int as known, (count(*) filter (where s.stream_name <> v_stream[e.i]))::int as elsewhere,
                  max(s.stream_revision) as rev, max(s.position) as pos
           from (select t.event_id, t.stream_name, t.stream_revision, t.position
                 from es_events t where t.event_id = any(v_ev_id)) s
           join unnest(v_ev_app, v_ev_id) e(i, id) on e.id = s.event_id
           group by e.i) x) k;
  v_first_head := v_head;

  -- Idempotency: all ids stored, in this stream = a retry, answered as the original append was.
  for j in 1..coalesce(array_length(v_known_app, 1), 0) loop
    if v_known[j] = v_count[v_known_app[j]] and v_known_elsewhere[j] = 0 then
      v_status[v_known_app[j]] := 'retry';
      v_next[v_known_app[j]] := v_known_rev[j];
      v_last[v_known_app[j]] := v_known_pos[j];
    else
      v_status[v_known_app[j]] := 'partial';
    end if;
  end loop;

  -- In group order, in memory: a later append to a stream sees what an earlier one wrote.
  for i in 1..v_n loop
    v_rev := case when v_prev[i] is null then coalesce(v_stored[i], -1) else v_after[v_prev[i]] end;
    v_after[i] := v_rev;
    continue when v_status[i] is not null;
    if v_guard_stream[i] is not null then
      v_guard := case when v_guard_prev[i] is null then coalesce(v_guard_stored[i], -1)
                      else v_after[v_guard_prev[i]] end;
      if v_guard <> v_guard_rev[i] then
        v_status[i] := 'guard_conflict';
        v_actual[i] := v_guard;
        continue;
      end if;
    end if;
    if (case v_expected[i] when -2 then false when -1 then v_rev <> -1 when -3 then v_rev = -1
        else v_rev <> v_expected[i] end) then
      v_status[i] := 'conflict';
      v_actual[i] := v_rev;
      continue;
    end if;
    v_status[i] := 'appended';
    v_next[i] := v_rev + v_count[i];
    v_after[i] := v_next[i];
    v_head := v_head + v_count[i];
    v_last[i] := v_head;
  end loop;

  if v_head > v_first_head then
    -- The group's events share one time, read under the lock: it is part of their hashes.
    v_time := clock_timestamp();
    -- The chain, in position order: one sha256 per event (hash-chain.ts).
    v_ev_hash := array_fill(null::bytea, array[array_length(v_ev_app, 1)]);
    if p_chain then
      v_chain := coalesce(v_chain, ${GENESIS_HASH_SQL});
      for k in 1..array_length(v_ev_app, 1) loop
        continue when v_status[v_ev_app[k]] <> 'appended';
        v_chain := sha256(v_chain || ${linkSql('v_ev_content[k]', 'v_next[v_ev_app[k]] - v_count[v_ev_app[k]] + v_ev_ord[k]', 'coalesce(v_ev_at[k], v_time)')});
        v_ev_hash[k] := v_chain;
      end loop;
    end if;
    -- One statement writes every event of the group (positions in group order) and every stream
    -- at its last revision.
    with events as (
      insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at, hash)
      select v_last[e.i] - v_count[e.i] + e.ord, e.id, v_stream[e.i], v_next[e.i] - v_count[e.i] + e.ord,
             e.type, e.data, e.metadata, coalesce(e.at, v_time), e.hash
      from unnest(v_ev_app, v_ev_ord, v_ev_id, v_ev_type, v_ev_data, v_ev_meta, v_ev_at, v_ev_hash)
        e(i, ord, id, type, data, metadata, at, hash)
      where v_status[e.i] = 'appended'
    )
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

-- Chains the events that carry no hash yet (a log written before the chain existed), from the
-- first of them to the head, under the append lock so that no append comes in between. Run at
-- every start (CHAIN_UNCHAINED_SQL): with nothing to chain it is one lookup in a partial index.
create or replace function es_chain_unchained(p_batch int default 20000)
returns bigint
language plpgsql as $$
declare
  v_from bigint;
  v_chain bytea;
  v_positions bigint[];
  v_links bytea[];
  v_hashes bytea[];
  v_done bigint := 0;
begin
  select min(position) into v_from from es_events where hash is null;
  if v_from is null then
    return 0;
  end if;
  perform pg_advisory_xact_lock(${APPEND_LOCK});
  select min(position) into v_from from es_events where hash is null;
  if v_from is null then
    return 0;
  end if;
  select e.hash into v_chain from es_events e where e.position < v_from order by e.position desc limit 1;
  v_chain := coalesce(v_chain, ${GENESIS_HASH_SQL});
  loop
    select array_agg(s.position order by s.position), array_agg(s.link order by s.position)
      into v_positions, v_links
    from (select e.position, ${storedLinkSql('e')} as link
          from es_events e where e.position >= v_from order by e.position limit p_batch) s;
    exit when v_positions is null;
    v_hashes := array_fill(null::bytea, array[array_length(v_positions, 1)]);
    for k in 1..array_length(v_positions, 1) loop
      v_chain := sha256(v_chain || v_links[k]);
      v_hashes[k] := v_chain;
    end loop;
    update es_events e set hash = u.hash from unnest(v_positions, v_hashes) u(position, hash)
    where e.position = u.position;
    v_done := v_done + array_length(v_positions, 1);
    v_from := v_positions[array_length(v_positions, 1)] + 1;
  end loop;
  return v_done;
end $$;
`;

/** Chains what a store without the chain, or an older version, appended: at every connect. */
export const CHAIN_UNCHAINED_SQL = 'select es_chain_unchained()';
