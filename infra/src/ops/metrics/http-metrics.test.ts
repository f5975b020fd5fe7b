import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { builtWebApp, serveWebApp } from '../../system/web-app';
import { instrumentHttp } from './http-metrics';

const web = mkdtempSync(join(tmpdir(), 'nocturne-http-metrics-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(web, 'robots.txt'), 'User-agent: *\n');
afterAll(() => rmSync(web, { recursive: true, force: true }));

async function instrumented() {
  const registry = new Registry();
  const app = Fastify();
  instrumentHttp(app, registry);
  app.get('/api/stories/:id', async (request, reply) =>
    (request.params as { id: string }).id === 'busy'
      ? reply.status(429).send({ detail: 'wait' })
      : { ok: true },
  );
  serveWebApp(app, builtWebApp(web)!);
  await app.ready();
  return { app, registry };
}

const series = async (registry: Registry, name: string) =>
  (await registry.getSingleMetric(name)!.get()).values.map((v) => ({ labels: v.labels, value: v.value }));

describe('instrumentHttp', () => {
  it('labels by route pattern, method and status; the web app’s files as one route; 429s as refusals', async () => {
    const { app, registry } = await instrumented();
    await app.inject('/api/stories/abc?secret=1');
    await app.inject('/api/stories/def');
    await app.inject('/api/stories/busy');
    await app.inject('/robots.txt');
    await app.inject('/index.html');
    await app.inject('/no/such/thing/reader@example.com');

    const counts = (await series(registry, 'http_request_duration_seconds'))
      .filter((s) => s.labels.le === '+Inf')
      .map(({ labels: { le: _, ...labels }, value }) => ({ ...labels, value }));
    expect(counts).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/stories/:id', status_code: '200', value: 2 },
        { method: 'GET', route: '/api/stories/:id', status_code: '429', value: 1 },
        { method: 'GET', route: 'static', status_code: '200', value: 2 },
        { method: 'GET', route: 'unmatched', status_code: '404', value: 1 },
      ]),
    );
    expect(counts).toHaveLength(4);
    expect(await series(registry, 'nocturne_rate_limit_refusals_total')).toEqual([
      { labels: { route: '/api/stories/:id' }, value: 1 },
    ]);
  });

  it('wiring a second server of the process into the same registry adds to the same series', async () => {
    const registry = new Registry();
    for (let i = 0; i < 2; i++) {
      const app = Fastify();
      instrumentHttp(app, registry);
      app.get('/x', async () => 'x');
      await app.inject('/x');
    }
    const all = await series(registry, 'http_request_duration_seconds');
    expect(all.find((s) => s.labels.le === '+Inf')?.value).toBe(2);
  });
});
