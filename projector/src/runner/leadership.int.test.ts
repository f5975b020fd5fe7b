import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Leadership, type LeadershipState } from './leadership';
import { PROJECTOR_LEADER_LOCK } from './read-model-lock';

let database: TestDatabase;
const started: Leadership[] = [];

beforeEach(async () => {
  database = await createTestDatabase('leadership');
});

afterEach(async () => {
  for (const leadership of started.splice(0)) await leadership.stop();
  await database.drop();
});

/** A process's leadership, with what it was told to do, in order. */
function candidate(name: string, calls: string[], pollMs = 100) {
  const leadership = new Leadership({
    databaseUrl: database.url,
    lockKey: PROJECTOR_LEADER_LOCK,
    pollMs,
    log: () => {},
    lead: () => {
      calls.push(`${name} leads`);
    },
    standBy: () => {
      calls.push(`${name} stands by`);
    },
  });
  started.push(leadership);
  return leadership;
}

async function until(check: () => boolean, withinMs: number): Promise<number> {
  const began = Date.now();
  while (!check()) {
    if (Date.now() - began > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - began;
}

/** Ends the backend of the leader's lock connection, as a killed process or a lost network would. */
async function cutLockConnections(): Promise<void> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objid = $1 and granted and database = (select oid from pg_database where datname = current_database())`,
      [PROJECTOR_LEADER_LOCK],
    );
  } finally {
    await admin.end();
  }
}

describe('projector leadership', () => {
  it('given two processes, the first to start leads and the second stands by', async () => {
    const calls: string[] = [];
    const first = candidate('first', calls);
    const second = candidate('second', calls);
    await first.start();
    await second.start();
    expect(first.state).toBe('leading');
    expect(second.state).toBe('standby');
    expect(calls).toEqual(['first leads']);
  });

  it('when the leader stops, the standby takes over within its poll', async () => {
    const calls: string[] = [];
    const first = candidate('first', calls);
    const second = candidate('second', calls);
    await first.start();
    await second.start();
    await first.stop();
    const took = await until(() => second.state === 'leading', 2_000);
    expect(took).toBeLessThan(1_000);
    expect(calls).toEqual(['first leads', 'first stands by', 'second leads']);
  });

  it('when the leader loses its lock connection, it stands by and exactly one process leads', async () => {
    const calls: string[] = [];
    const states = new Map<string, LeadershipState>();
    const watch = (name: string, l: Leadership) => () => states.set(name, l.state);
    const first = candidate('first', calls);
    const second = candidate('second', calls);
    await first.start();
    await second.start();
    const seen = [watch('first', first), watch('second', second)];
    await cutLockConnections();
    await until(() => calls.includes('first stands by'), 3_000);
    // One of the two leads again (the cut one may win the next try as well), never both.
    await until(() => first.state === 'leading' || second.state === 'leading', 3_000);
    for (let i = 0; i < 20; i++) {
      for (const look of seen) look();
      expect([...states.values()].filter((s) => s === 'leading')).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('a standby keeps one connection while it waits, not one per try', async () => {
    const calls: string[] = [];
    await candidate('first', calls).start();
    await candidate('second', calls, 20).start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'nocturne-projector-leadership'`,
      );
      expect(rows[0]?.n).toBe(2);
    } finally {
      await admin.end();
    }
  });
});
