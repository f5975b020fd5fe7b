import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from '../../bin/web-build.mjs';
import { freePort } from '../launcher/free-port';
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueName } from '../test-env/database';

const supervisor = fileURLToPath(new URL('./main.ts', import.meta.url));
const ADMIN_PASSWORD = 'split-mode-admin-password';

let database: TestDatabase;
let dataDir: string;
let child: ChildProcess;
let exited: Promise<number | null>;
let output = '';
let base: string;

/** Starts `infra/src/split/main.ts` (four processes) on a fresh database and waits for its banner. */
beforeAll(async () => {
  // The gateway serves the built SPA; a fresh clone has none until something builds it.
  ensureWebBuilt({ log: () => {} });
  database = await createTestDatabase('split');
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-split-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), supervisor], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl() ?? '',
      NATS_SUBJECT_PREFIX: uniqueName('split'),
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      SPLIT_GATEWAY_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`split mode exited with ${code} during start:\n${output}`));
    });
  });
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function publishStory(): Promise<string> {
  const form = new FormData();
  for (const [i, colour] of ['red', 'blue'].entries()) {
    form.append('images', new Blob([new Uint8Array(await png(colour))], { type: 'image/png' }), `${i}.png`);
    form.append('texts', `Slide ${i + 1} of the split-mode story.`);
  }
  form.append('isPremium', 'false');
  const response = await fetch(`${base}/api/stories`, {
    method: 'POST',
    headers: { 'X-Admin-Code': ADMIN_PASSWORD },
    body: form,
  });
  expect(response.status).toBe(201);
  expect(response.headers.get('x-served-by')).toBe('command-api');
  return ((await response.json()) as { id: string }).id;
}

describe('split mode: each service in its own process behind the gateway', () => {
  it('runs four processes', () => {
    expect(output).toMatch(/projector \(pid \d+\), command-api \(pid \d+\), query-api \(pid \d+\), gateway/);
  });

  it('routes GET and HEAD /api to query-api', async () => {
    const get = await fetch(`${base}/api/stories`);
    expect(get.status).toBe(200);
    expect(get.headers.get('x-served-by')).toBe('query-api');
    expect(await get.json()).toEqual([]);

    const head = await fetch(`${base}/api/stories`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-served-by')).toBe('query-api');

    const unknown = await fetch(`${base}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-served-by')).toBe('query-api');
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/No such endpoint/);
  });

  it('routes every other method to command-api', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const response = await fetch(`${base}/api/stories/00000000-0000-4000-8000-000000000000/like`, {
        method,
      });
      expect(response.headers.get('x-served-by')).toBe('command-api');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toHaveProperty('detail');
    }
  });

  it('carries a write end to end: upload through the gateway, projector process, read with X-Min-Position', async () => {
    const id = await publishStory();
    const like = await fetch(`${base}/api/stories/${id}/like`, { method: 'POST' });
    expect(like.status).toBe(200);
    expect(like.headers.get('x-served-by')).toBe('command-api');
    expect(await like.json()).toEqual({ likes: 1 });
    const position = like.headers.get('x-event-position')!;
    expect(Number(position)).toBeGreaterThan(0);

    const list = await fetch(`${base}/api/stories`, { headers: { 'X-Min-Position': position } });
    const stories = (await list.json()) as { id: string; likes: number; texts: string[] }[];
    expect(stories.find((s) => s.id === id)).toMatchObject({ likes: 1 });
  });

  it('never lets the outside reach the internal premium-unlock route', async () => {
    const response = await fetch(`${base}/internal/premium/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userKey: '0'.repeat(32), storyId: 'x' }),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-served-by')).toBeNull();
  });

  it('serves the SPA for other GET paths', async () => {
    const response = await fetch(`${base}/some/client/route`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"');
  });

  it('stops every process cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('[split] stopped cleanly');
  }, 60_000);
});
