import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import { PostgresPiiVault } from '@nocturne/events/pii';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reactor } from './reactor';
import { ReactorRunner } from './reactor-runner';

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

afterEach(async () => {
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
function recorder(reacted: string[], fail?: () => boolean): Reactor {
  return {
    name: 'recorder',
    handles: ['StoryLiked'],
    async react(event) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (fail?.()) throw new Error('SMTP down');
      reacted.push(event.eventId);
    },
  };
}

function runner(reactor: Reactor): ReactorRunner {
  const r = new ReactorRunner({
    store,
    databaseUrl: database.url,
    reactors: [reactor],
    batchSize: 10,
    context: {
      vault,
      mailer: { send: async () => {} },
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@nocturne.test',
      secret: 'secret',
    },
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

  it('a failed reaction is tried again, and the ones before it are not repeated', async () => {
    const reacted: string[] = [];
    let failures = 2;
    const r = runner(recorder(reacted, () => reacted.length === 3 && failures-- > 0));
    await r.init();
    await like(6);
    await expect(r.drain()).rejects.toThrow('SMTP down');
    await expect(r.drain()).rejects.toThrow('SMTP down');
    await r.drain();
    expect(reacted).toEqual((await store.readStream(streams.storyLikes(storyId))).map((e) => e.eventId));
  });
});
