import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../system/http-app';
import { consoleDestination } from './logger';

/** A stand-in for stdout that keeps what is written; a terminal or not. */
function fakeStdout(isTTY: boolean) {
  const chunks: string[] = [];
  const out = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY },
  );
  return { out, text: () => chunks.join(''), writes: () => [...chunks] };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function logOneRequest(isTTY: boolean): Promise<string> {
  const stdout = fakeStdout(isTTY);
  const app = await buildHttpApp({ logLevel: 'info', logDestination: consoleDestination(stdout.out) });
  app.get('/api/stories', async () => ({ stories: [] }));
  await app.inject({ method: 'GET', url: '/api/stories?page=2' });
  await app.close();
  await nextTurn();
  return stdout.text();
}

describe('console log format', () => {
  it('is pretty and coloured on a terminal: one short line per request', async () => {
    const text = await logOneRequest(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour escapes are the point
    expect(text).toMatch(/\u001b\[\d+m/);
    expect(text).toMatch(/GET \/api\/stories 200 [\d.]+ ms/);
    expect(text).not.toContain('{"level"');
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it('is JSON lines otherwise', async () => {
    const text = await logOneRequest(false);
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/stories',
      status: 200,
    });
  });

  it('writes the lines of one turn of the event loop in one write, at the end of that turn', async () => {
    const stdout = fakeStdout(false);
    const destination = consoleDestination(stdout.out);
    destination.write('{"a":1}\n');
    destination.write('{"b":2}\n');
    expect(stdout.writes()).toEqual([]);
    await nextTurn();
    expect(stdout.writes()).toEqual(['{"a":1}\n{"b":2}\n']);
    destination.write('{"c":3}\n');
    await nextTurn();
    expect(stdout.writes()).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes the last lines when the process exits at once (a fatal error is never lost)', () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const script = `import { consoleDestination } from ${JSON.stringify(logger)};
      consoleDestination().write('{"level":60,"msg":"the last words"}\\n');
      process.exit(3);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
    expect(child.stdout).toBe('{"level":60,"msg":"the last words"}\n');
  });
});
