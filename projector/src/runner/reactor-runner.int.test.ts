import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { createPool } from '@nocturne/pg-kit';
import { PostgresPiiVault } from '@nocturne/vault';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reactor } from './reactor';
import { reactorFailures } from './reactor-failures';
import { ReactorRunner, type ReactorRunnerOptions } from './reactor-runner';

let database: TestDatabase;
let store: PostgresEventStore;
let vault: PostgresPiiVault;
const runners: ReactorRunner[] = [];
const storyId = randomUUID();

beforeEach(async () => {
  database = await createTestDatabase('reactor');
  store = await PostgresEventStore.connect({ connectionString: database.url });
  vault = await PostgresPiiVault.connect(database.url);
});

let pools: pg.Pool[] = [];
function query() {
  // createPool: a connection that the database's drop terminates while it is closing is no
  // uncaught error (pool.end() may resolve before its connections have closed).
  const p = createPool({ connectionString: database.url, max: 1 });
  pools.push(p);
  return (text: string, values: unknown[]) => p.query(text, values);
}

afterEach(async () => {
  for (const p of pools) await p.end();
  pools = [];
  for (const runner of runners.splice(0)) await runner.stop();
  await vault.close();
  await store.close();
  await database.drop();
});

async function like(times: number): Promise<void> {
  const ctx = { correlationId: 't', causationId: 't', actor: { kind: 'system' as const } };
  const events = Array.from({ length: times }, () =>
    encodeEvent({ type: 'StoryLiked', data: { storyId } }, ctx),
  );
  await store.append(streams.storyLikes(storyId), events, 'any');
}

/** A reactor that records what it reacted to, slowly (as a mail server would answer). */
function recorder(reacted: string[], fail?: (eventId: string) => boolean): Reactor {
  return {
    name: 'recorder',
    handles: ['StoryLiked'],
    async react(event) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (fail?.(event.eventId)) throw new Error('SMTP down');
      reacted.push(event.eventId);
    },
  };
}

const contextOf = (): ReactorRunnerOptions['context'] => ({
  vault,
  mailer: { send: async () => {} },
  publicUrl: 'http://localhost:3000',
  supportEmail: 'support@nocturne.test',
  secret: 'secret',
});

function runner(reactor: Reactor, options: Partial<ReactorRunnerOptions> = {}): ReactorRunner {
  const r = new ReactorRunner({
    store,
    databaseUrl: database.url,
    reactors: [reactor],
    batchSize: 10,
    ...options,
    context: contextOf(),
    ...options,
  });
  runners.push(r);
  return r;
}

describe('reactor runner', () => {
  it('starts at the head when first seen, then reacts once to each later event', async () => {
    await like(5);
    const reacted: string[] = [];
    const r = runner(recorder(reacted));
    await r.init();
    await like(25);
    await r.drain();
    const later = (await store.readStream(streams.storyLikes(storyId))).slice(5).map((e) => e.eventId);
    expect(reacted).toEqual(later);
  });

  it('reads only the types it handles: past many others, its checkpoint at the head', async () => {
    const reacted: string[] = [];
    // Handles StoryViewed; the feed is mostly likes (StoryLiked), as the product's is.
    // The feed is never read whole: the likes are neither sent nor parsed for this reactor.
    let wholeReads = 0;
    const counted = Object.assign(Object.create(store) as PostgresEventStore, {
      readAll: (after: number, limit: number) => {
        wholeReads++;
        return store.readAll(after, limit);
      },
    });
    const r = runner({ ...recorder(reacted), handles: ['StoryViewed'] }, { batchSize: 3, store: counted });
    await r.init();
    const ctx = { correlationId: 't', causationId: 't', actor: { kind: 'system' as const } };
    const view = () => encodeEvent({ type: 'StoryViewed', data: { storyId } }, ctx);
    const views = [view(), view(), view(), view()];
    await like(40);
    await store.append(streams.storyViews(storyId), views.slice(0, 1), 'any');
    await like(40);
    await store.append(streams.storyViews(storyId), views.slice(1), 'any');
    await like(40);
    await r.drain();
    expect(reacted).toEqual(views.map((v) => v.eventId));
    const { rows } = await query()('select position from reactors.checkpoints where name = $1', ['recorder']);
    expect(Number(rows[0].position)).toBe(await store.headPosition());
    expect(wholeReads).toBe(0);
  });

  it('reads the log once a pass for all its reactors, each reacting once to its own types from its own checkpoint', async () => {
    const ctx = { correlationId: 't', causationId: 't', actor: { kind: 'system' as const } };
    const view = () => encodeEvent({ type: 'StoryViewed', data: { storyId } }, ctx);
    const liked: string[] = [];
    const viewed: string[] = [];
    const likes = { ...recorder(liked), name: 'likes' };
    const views = { ...recorder(viewed), name: 'views', handles: ['StoryViewed' as const] };
    let reads = 0;
    const counted = Object.assign(Object.create(store) as PostgresEventStore, {
      readTypes: (after: number, limit: number, types: readonly string[]) => {
        reads++;
        return store.readTypes(after, limit, types);
      },
    });
    // The likes reactor first, alone: it starts at the head of an empty log.
    const first = runner(likes, { store: counted });
    await first.init();
    await like(3);
    await store.append(streams.storyViews(storyId), [view()], 'any');
    // The views reactor is first seen now: the view before it is not its to react to.
    const both = runner(likes, { store: counted, reactors: [likes, views] });
    await both.init();
    const later = [view(), view()];
    await store.append(streams.storyViews(storyId), later, 'any');
    await like(2);
    reads = 0;
    await both.step();
    expect(reads).toBe(1);
    await both.drain();
    const likeIds = (await store.readStream(streams.storyLikes(storyId))).map((e) => e.eventId);
    expect(liked).toEqual(likeIds);
    expect(viewed).toEqual(later.map((v) => v.eventId));
    const { rows } = await query()('select name, position from reactors.checkpoints order by name', []);
    const head = await store.headPosition();
    expect(rows.map((r) => [r.name, Number(r.position)])).toEqual([
      ['likes', head],
      ['views', head],
    ]);
  });

  it('drain() beside the running loop does not react twice', async () => {
    const reacted: string[] = [];
    const r = runner(recorder(reacted));
    await r.init();
    r.start();
    await like(40);
    await Promise.all([r.drain(), r.drain()]);
    await r.drain();
    expect(reacted).toHaveLength(40);
    expect(new Set(reacted).size).toBe(40);
  });

  it('a mail sent again after a crash before the checkpoint moved is the same message', async () => {
    // Two mails an event, as the moderation mail sends the reporter's and the publisher's.
    const twoMails: Reactor = {
      name: 'two-mails',
      handles: ['StoryLiked'],
      async react(event, context) {
        await context.mailer.send({ to: 'a@nocturne.test', subject: event.eventId, text: '' });
        await context.mailer.send({ to: 'b@nocturne.test', subject: event.eventId, text: '' });
      },
    };
    const sent: (string | undefined)[] = [];
    const mailer = { send: async (message: { messageId?: string }) => void sent.push(message.messageId) };
    const first = runner(twoMails, { context: { ...contextOf(), mailer } });
    await first.init();
    const [before] = await query()('select position from reactors.checkpoints where name = $1', [
      'two-mails',
    ]).then((result) => result.rows as { position: string }[]);
    await like(2);
    await first.drain();
    // The first process dies after its mails, before its checkpoint moved: the next reacts again.
    await query()('update reactors.checkpoints set position = $2 where name = $1', [
      'two-mails',
      before!.position,
    ]);
    const next = runner(twoMails, { context: { ...contextOf(), mailer } });
    await next.drain();

    const [a, b] = (await store.readStream(streams.storyLikes(storyId))).map((e) => e.eventId);
    const ids = [`${a}.two-mails.0`, `${a}.two-mails.1`, `${b}.two-mails.0`, `${b}.two-mails.1`];
    expect(sent).toEqual([...ids, ...ids]);
  });

  it('two processes on one database react to each event exactly once', async () => {
    const reacted: string[] = [];
    const a = runner(recorder(reacted));
    const b = runner(recorder(reacted));
    await a.init();
    await b.init();
    await like(60);
    a.start();
    b.start();
    const started = Date.now();
    while (reacted.length < 60 && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await a.drain();
    await b.drain();
    expect(reacted).toHaveLength(60);
    expect(new Set(reacted).size).toBe(60);
  });

  it('a temporary failure is tried again with back-off and holds back no other event', async () => {
    const reacted: string[] = [];
    const lines: string[] = [];
    let failures = 2;
    let events: string[] = [];
    const r = runner(
      recorder(reacted, (id) => id === events[3] && failures-- > 0),
      { retry: { firstDelayMs: 300, maxDelayMs: 300 }, log: (line) => lines.push(line) },
    );
    await r.init();
    await like(6);
    events = (await store.readStream(streams.storyLikes(storyId))).map((e) => e.eventId);
    await r.drain();
    // The fourth failed: the fifth and sixth went on without it.
    expect(reacted).toEqual([...events.slice(0, 3), ...events.slice(4)]);
    const [failed] = await store.readAll(0, 6).then((all) => all.slice(3, 4));
    expect(lines).toEqual([
      `recorder: event at position ${failed!.position} (StoryLiked, stream ${failed!.streamName}) failed (Error), attempt 1 of 10; next in 1 s`,
    ]);
    expect(await reactorFailures(query(), 5)).toMatchObject({
      retrying: [{ reactor: 'recorder', position: failed!.position, attempts: 1, reason: 'Error' }],
      failed: [],
    });
    // Not before its time; then once more failing, then done.
    await r.drain();
    expect(reacted).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await r.drain();
    expect(lines.at(-1)).toMatch(/attempt 2 of 10/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await r.drain();
    expect(reacted).toEqual([...events.slice(0, 3), ...events.slice(4), events[3]]);
    expect(lines.at(-1)).toMatch(/done on attempt 3$/);
    expect(await reactorFailures(query(), 5)).toEqual({ retrying: [], failed: [] });
  });

  it('a permanent failure is recorded and skipped, never tried again', async () => {
    const reacted: string[] = [];
    const lines: string[] = [];
    let refused = '';
    const refusing: Reactor = {
      ...recorder(reacted, (id) => {
        if (reacted.length === 1 && !refused) refused = id;
        return id === refused;
      }),
      isPermanentFailure: () => true,
      describeFailure: () => 'SMTP 550',
    };
    const r = runner(refusing, { retry: { firstDelayMs: 0 }, log: (line) => lines.push(line) });
    await r.init();
    await like(3);
    await r.drain();
    await r.drain();
    expect(reacted).toHaveLength(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^recorder: event at position \d+ \(StoryLiked, stream .+\) refused permanently \(SMTP 550\); recorded and skipped$/,
    );
    expect(await reactorFailures(query(), 5)).toMatchObject({
      retrying: [],
      failed: [{ state: 'refused', reason: 'SMTP 550', attempts: 1, eventType: 'StoryLiked' }],
    });
  });

  it('gives up after the last attempt', async () => {
    const lines: string[] = [];
    const r = runner(
      recorder([], () => true),
      {
        retry: { firstDelayMs: 0, maxAttempts: 3 },
        log: (line) => lines.push(line),
      },
    );
    await r.init();
    await like(1);
    await r.drain();
    expect(lines.map((l) => l.replace(/.*\) /, ''))).toEqual([
      'failed (Error), attempt 1 of 3; next in 0 s',
      'failed (Error), attempt 2 of 3; next in 0 s',
      'still failing after 3 attempts (Error); given up',
    ]);
    expect((await reactorFailures(query(), 5)).failed).toMatchObject([{ state: 'gave-up', attempts: 3 }]);
  });
});
