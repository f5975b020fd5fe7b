import { Writable } from 'node:stream';
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
  return { out, text: () => chunks.join('') };
}

async function logOneRequest(isTTY: boolean): Promise<string> {
  const stdout = fakeStdout(isTTY);
  const app = await buildHttpApp({ logLevel: 'info', logDestination: consoleDestination(stdout.out) });
  app.get('/api/stories', async () => ({ stories: [] }));
  await app.inject({ method: 'GET', url: '/api/stories?page=2' });
  await app.close();
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
});
