import { describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../system/http-app';

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A server of the product with its logger writing into `lines`, plus one route with a parameter. */
async function server(level: string) {
  const lines: Line[] = [];
  const app = await buildHttpApp({
    logLevel: level,
    logDestination: { write: (line: string) => lines.push(JSON.parse(line) as Line) },
    readiness: async () => ({ ready: true }),
  });
  app.delete('/api/admin/users/:email', async (_request, reply) => reply.status(204).send());
  app.get('/api/stories', async () => ({ stories: [] }));
  return { app, lines };
}

const INFO = 30;
const DEBUG = 20;

describe('request log', () => {
  it('writes one line per request at info: method, path without query, status, duration', async () => {
    const { app, lines } = await server('info');
    const answer = await app.inject({ method: 'GET', url: '/api/stories?token=s3cret&q=x' });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: INFO,
      method: 'GET',
      path: '/api/stories',
      route: '/api/stories',
      status: 200,
    });
    expect(line?.msg).toMatch(/^GET \/api\/stories 200 \d+(\.\d)? ms$/);
    expect(typeof line?.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|token|incoming request|request completed/);
    await app.close();
  });

  it('replaces an e-mail address in the path, typed or percent-encoded', async () => {
    const { app, lines } = await server('info');
    await app.inject({ method: 'DELETE', url: '/api/admin/users/reader%40nocturne.test' });
    await app.inject({ method: 'DELETE', url: '/api/admin/users/reader@nocturne.test?x=1' });
    expect(lines.map((l) => [l.msg.replace(/ [\d.]+ ms$/, ''), l.route])).toEqual([
      ['DELETE /api/admin/users/<email> 204', '/api/admin/users/:email'],
      ['DELETE /api/admin/users/<email> 204', '/api/admin/users/:email'],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/reader|nocturne\.test/);
    await app.close();
  });

  it('logs assets and probes at debug: absent at info', async () => {
    const quiet = await server('info');
    for (const url of ['/assets/index-abc123.js', '/favicon.svg', '/healthz', '/readyz', '/metrics']) {
      await quiet.app.inject({ method: 'GET', url });
    }
    expect(quiet.lines).toEqual([]);
    await quiet.app.close();

    const verbose = await server('debug');
    await verbose.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    await verbose.app.inject({ method: 'GET', url: '/healthz' });
    await verbose.app.inject({ method: 'GET', url: '/api/stories' });
    expect(verbose.lines.map((l) => [l.level, l.path])).toEqual([
      [DEBUG, '/assets/index-abc123.js'],
      [DEBUG, '/healthz'],
      [INFO, '/api/stories'],
    ]);
    await verbose.app.close();
  });
});
