import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { createTestDatabase, type TestDatabase, testNatsUrl } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsNotifier } from './nats-notifier';
import type { Notifier } from './notifier';
import { PostgresNotifier } from './postgres-notifier';

const unique = (label: string) => `${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** The next position a listener hears, or a rejection after `ms`. */
function nextPosition(subscribe: (listener: (position: number) => void) => () => void, ms = 5_000) {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no notification within ${ms} ms`));
    }, ms);
    const stop = subscribe((position) => {
      clearTimeout(timer);
      stop();
      resolve(position);
    });
  });
}

/** Two notifiers on one channel: what one publishes, the other (and itself) hears. */
function notifierContract(open: () => Promise<[Notifier, Notifier]>) {
  let a: Notifier;
  let b: Notifier;
  beforeAll(async () => {
    [a, b] = await open();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers a published "appended" position to listeners of another connection', async () => {
    const heard = nextPosition((l) => b.onAppended(l));
    a.publishAppended(41);
    expect(await heard).toBe(41);
  });

  it('delivers "projected" positions on their own subject, not as "appended"', async () => {
    let appendedHeard = 0;
    const stopAppended = b.onAppended(() => {
      appendedHeard += 1;
    });
    const heard = nextPosition((l) => b.onProjected(l));
    const heardHere = nextPosition((l) => a.onProjected(l));
    a.publishProjected(1234);
    expect(await heard).toBe(1234);
    expect(await heardHere).toBe(1234);
    stopAppended();
    expect(appendedHeard).toBe(0);
  });

  it('tells its own listeners of a "projected" position before publishProjected returns', () => {
    // The query side beside the projector must not wait for the broker's round trip.
    const heard: number[] = [];
    const stop = a.onProjected((p) => heard.push(p));
    a.publishProjected(5678);
    stop();
    expect(heard).toEqual([5678]);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const calls: number[] = [];
    const stop = b.onAppended((p) => calls.push(p));
    const first = nextPosition((l) => b.onAppended(l));
    a.publishAppended(1);
    await first;
    stop();
    const second = nextPosition((l) => b.onAppended(l));
    a.publishAppended(2);
    expect(await second).toBe(2);
    expect(calls).toEqual([1]);
  });
}

/**
 * A TCP proxy to the server at `url` that holds every byte from its clients for `ms`, in order,
 * and passes the server's at once: a link slow in one direction.
 */
async function slowUplink(url: string, ms: number): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', end).on('error', end);
    }
    upstream.pipe(client);
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), ms));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `nats://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const natsUrl = testNatsUrl();
if (natsUrl) {
  describe('NatsNotifier (unique subject prefix)', () => {
    notifierContract(async () => {
      const prefix = unique('test_notify');
      return [await NatsNotifier.connect(natsUrl, prefix), await NatsNotifier.connect(natsUrl, prefix)];
    });

    it('hears a hint published as soon as connect has resolved, even when its subscriptions travel slowly', async () => {
      const link = await slowUplink(natsUrl, 300);
      const prefix = unique('test_notify');
      const publisher = await NatsNotifier.connect(natsUrl, prefix);
      const listener = await NatsNotifier.connect(link.url, prefix);
      try {
        const heard = nextPosition((l) => listener.onAppended(l), 3_000);
        publisher.publishAppended(7);
        expect(await heard).toBe(7);
      } finally {
        await listener.close();
        await publisher.close();
        await link.close();
      }
    });
  });
} else {
  describe.skip('NatsNotifier: skipped — no NATS found by the test environment', () => {
    notifierContract(async () => {
      throw new Error('unreachable');
    });
  });
}

describe('PostgresNotifier (unique channel prefix)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('notify');
  });
  afterAll(async () => {
    await db?.drop();
  });

  describe('between two notifiers', () => {
    notifierContract(async () => {
      const channel = unique('test_notify');
      return [
        await PostgresNotifier.connect(db.url, channel),
        await PostgresNotifier.connect(db.url, channel),
      ];
    });
  });

  it('hears the event store\'s own es_appended notification as "appended"', async () => {
    const notifier = await PostgresNotifier.connect(db.url, unique('test_notify'));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const heard = nextPosition((l) => notifier.onAppended(l));
      await client.query("select pg_notify('es_appended', '77')");
      expect(await heard).toBe(77);
    } finally {
      await client.end();
      await notifier.close();
    }
  });

  it('listens again by itself after its connection is cut (a PostgreSQL restart)', async () => {
    const channel = unique('test_notify');
    const notifier = await PostgresNotifier.connect(db.url, channel);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rowCount } = await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query like 'listen es_appended;%' and pid <> pg_backend_pid()`,
      );
      expect(rowCount).toBe(1);
      // Published until heard: the notifier comes back after its back-off, by itself.
      let heard = false;
      notifier.onAppended(() => {
        heard = true;
      });
      for (let i = 0; i < 50 && !heard; i++) {
        await client.query("select pg_notify('es_appended', '88')");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heard).toBe(true);
    } finally {
      await client.end();
      await notifier.close();
    }
  });

  it('does not hear another channel prefix', async () => {
    const [mine, theirs] = [
      await PostgresNotifier.connect(db.url, unique('test_notify')),
      await PostgresNotifier.connect(db.url, unique('test_notify')),
    ];
    try {
      const heard: number[] = [];
      mine.onProjected((position) => heard.push(position));
      const own = nextPosition((l) => theirs.onProjected(l));
      theirs.publishProjected(5);
      await own;
      // A marker on my own channel, sent after theirs was delivered: PostgreSQL hands a listener
      // its notifications in commit order, so once I hear the marker I would have heard theirs.
      const marker = nextPosition((l) => mine.onProjected(l));
      mine.publishProjected(6);
      expect(await marker).toBe(6);
      expect(heard).toEqual([6]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
