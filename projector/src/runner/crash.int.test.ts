import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { PostgresPiiVault } from '@nocturne/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../projections';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../read-model/database';
import { ProjectionRunner } from './projection-runner';
import { insertHistory } from './testing/insert-history';
import { mixedHistory } from './testing/mixed-history';
import { readModelRows } from './testing/read-model-rows';

const EVENTS = 20_000;
const KILLS = 20;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const projectCli = fileURLToPath(new URL('../cli/project.ts', import.meta.url));

let database: TestDatabase;
let store: PostgresEventStore;
let vault: PostgresPiiVault;
let head: number;

beforeAll(async () => {
  database = await createTestDatabase('crash');
  store = await PostgresEventStore.connect({ connectionString: database.url });
  vault = await PostgresPiiVault.connect(database.url);
  const seed = randomInt(1, 1_000_000);
  console.log(`[crash] history seed ${seed}`);
  const history = await mixedHistory(vault, EVENTS, seed);
  head = await insertHistory(database.url, history);
  for (const subject of history.destroyedSubjects) await vault.destroy(subject);
  await migrateReadModel(database.url);
});

afterAll(async () => {
  await vault?.close();
  await store?.close();
  await database?.drop();
});

interface Run {
  child: ChildProcess;
  /** Resolves once the child has committed a batch ending at or after `position`. */
  reached(position: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/** The projector as its own process: `tsx projector/src/cli/project.ts`, until caught up. */
function startProjector(): Run {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', projectCli, '--database-url', database.url, '--progress', '--batch-size', '200'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let projected = 0;
  const waiting = new Set<{ position: number; resolve: () => void }>();
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const match of chunk.toString().matchAll(/^projected (\d+)/gm)) projected = Number(match[1]);
    for (const w of waiting) {
      if (projected >= w.position) {
        waiting.delete(w);
        w.resolve();
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
  return {
    child,
    exited,
    reached: (position) =>
      new Promise<void>((resolve) => {
        if (projected >= position) resolve();
        else waiting.add({ position, resolve });
      }),
  };
}

async function livePosition(): Promise<number> {
  const db = createReadModelDb(database.url, LIVE_SCHEMA, 1);
  try {
    const row = await db
      .selectFrom('projection_checkpoints')
      .select((eb) => eb.fn.min('position').as('position'))
      .executeTakeFirst();
    return Number(row?.position ?? 0);
  } finally {
    await db.destroy();
  }
}

describe('projector crash safety', () => {
  it(`SIGKILLed ${KILLS} times during a ${EVENTS}-event catch-up, it ends with the rows of a clean rebuild`, async () => {
    // The clean rebuild runs meanwhile, in this process, into its own schema.
    const clean = (async () => {
      await migrateReadModel(database.url, 'read_model_clean');
      const db = createReadModelDb(database.url, 'read_model_clean', 2);
      try {
        return await new ProjectionRunner({ store, db, vault, projections, batchSize: 1000 }).catchUp();
      } finally {
        await db.destroy();
      }
    })();

    const started = Date.now();
    const log = (line: string) =>
      console.log(`[crash] ${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
    void clean.then((p) => log(`clean rebuild at ${p}`));
    // Kill points spread over the catch-up, each a little after a committed batch at a random
    // position, so the kill lands anywhere: reading, inside a transaction, committing. The last
    // quarter is left out: the set-based projector runs through it faster than a kill can land.
    const targets = Array.from({ length: KILLS }, () =>
      randomInt(Math.floor(head * 0.05), Math.floor(head * 0.75)),
    );
    targets.sort((a, b) => a - b);
    const killedAt: number[] = [];
    let running: Run | undefined;
    try {
      for (const target of targets) {
        const from = await livePosition();
        const run = startProjector();
        running = run;
        const ended = await Promise.race([
          run.reached(Math.max(target, from + 1)).then(() => false),
          run.exited.then(() => true),
        ]);
        if (ended)
          throw new Error(`the projector exited before it was killed:\n${(await run.exited).output}`);
        await new Promise((resolve) => setTimeout(resolve, randomInt(0, 40)));
        run.child.kill('SIGKILL');
        const exit = await run.exited;
        expect(exit.signal, exit.output).toBe('SIGKILL');
        expect(exit.output).not.toContain('caught up at');
        const position = await livePosition();
        expect(position).toBeLessThan(head);
        expect(position).toBeGreaterThan(from); // it made progress before it died
        killedAt.push(position);
        log(`killed at ${position}`);
      }
      console.log(`[crash] killed at checkpoints ${killedAt.join(', ')} of ${head}`);

      const last = startProjector();
      running = last;
      const exit = await last.exited;
      expect(exit.code, exit.output).toBe(0);
      expect(exit.output).toContain(`caught up at ${head}`);
      log('the last run caught up');
    } finally {
      running?.child.kill('SIGKILL');
      await clean.catch(() => {}); // never drop the database under the clean rebuild
    }

    expect(await clean).toBe(head);
    const crashed = await readModelRows(database.url, LIVE_SCHEMA);
    const rebuilt = await readModelRows(database.url, 'read_model_clean');
    expect(Object.keys(crashed).length).toBeGreaterThan(5);
    expect((crashed.stories ?? []).length).toBeGreaterThan(0);
    for (const table of Object.keys(rebuilt)) {
      expect(crashed[table], `table ${table}`).toEqual(rebuilt[table]);
    }
    expect(Object.keys(crashed)).toEqual(Object.keys(rebuilt));
  }, 180_000);
});
