import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../../system/test-system';

/**
 * Every request is logged with its path redacted; a long path without an address must cost the
 * redaction next to nothing, or the event loop stalls and every other request waits with it.
 */
let system: TestSystem;
const lines: string[] = [];

beforeAll(async () => {
  // Logging on, as in production: the redaction runs only when a line is written.
  system = await startTestSystem(
    { logLevel: 'info' },
    { logDestination: { write: (line: string) => lines.push(line) } },
  );
}, 60_000);
afterAll(async () => {
  await system?.stop();
});

const client = join(import.meta.dirname, 'testing', 'long-path-client.mjs');

/**
 * Twenty requests with paths of `length` characters at once while a reader polls the story
 * list, from a process of their own: the reader's waits, and the CPU time this process (the
 * server) spent meanwhile.
 */
async function burst(length: number) {
  const before = process.cpuUsage();
  const { stdout } = await promisify(execFile)(process.execPath, [client, system.baseUrl, String(length)]);
  const used = process.cpuUsage(before);
  const { statuses, waits } = JSON.parse(stdout) as { statuses: number[]; waits: number[] };
  expect(waits.length).toBeGreaterThan(0);
  return { statuses, serverCpuMs: (used.user + used.system) / 1000 };
}

it('twenty requests with 16 KB paths cost the server no more than short ones, stalling no reader (was: 9 s)', async () => {
  await burst(16_000); // warm-up: compiled code, connections
  const runs: { long: Awaited<ReturnType<typeof burst>>; short: Awaited<ReturnType<typeof burst>> }[] = [];
  for (let i = 0; i < 3; i++) runs.push({ long: await burst(16_000), short: await burst(10) });

  for (const { long } of runs) expect(new Set(long.statuses)).toEqual(new Set([404]));
  // The long requests were logged (and so redacted).
  expect(lines.filter((line) => line.includes('a'.repeat(16_000))).length).toBeGreaterThanOrEqual(80);
  // On a quiet machine no reader waits 100 ms. On a shared one a reader waits whenever the
  // scheduler gives the CPU to another process, whatever the paths (short ones too), so what
  // is held to 100 ms is what the long paths add to the server's CPU time over the same burst
  // of short paths (the best of three each): the time the event loop could not serve the
  // reader. The quadratic redaction spent seconds of it on twenty such paths.
  const best = (key: 'long' | 'short') => Math.min(...runs.map((run) => run[key].serverCpuMs));
  expect(best('long') - best('short')).toBeLessThan(100);
}, 120_000);
