import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { isLoopback, METRICS_REFUSED, serveMetrics } from './metrics-route';

const TOKEN = 'a-metrics-token-of-enough-length-0123456789';

async function appWith(token: string | undefined) {
  const app = Fastify();
  serveMetrics(app, { registry: new Registry(), token });
  await app.ready();
  return app;
}

const get = (
  app: Awaited<ReturnType<typeof appWith>>,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('who may read /metrics', () => {
  it('knows loopback addresses, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.1', '::2', '1270::1', undefined])
      expect(isLoopback(address), String(address)).toBe(false);
  });

  it('a loopback peer through no proxy: yes, without a token', async () => {
    const app = await appWith(undefined);
    expect((await get(app, '127.0.0.1')).statusCode).toBe(200);
    expect((await get(app, '::1')).statusCode).toBe(200);
  });

  it('another peer, or loopback with a proxy header: 403 with a detail, unless the token is right', async () => {
    const app = await appWith(TOKEN);
    for (const [address, headers] of [
      ['10.1.2.3', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.5' }],
      ['10.1.2.3', { authorization: 'Bearer wrong' }],
      ['10.1.2.3', { authorization: `Basic ${TOKEN}` }],
      ['10.1.2.3', { authorization: `Bearer ${TOKEN}x` }],
    ] as const) {
      const answer = await get(app, address, headers);
      expect(answer.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
      expect(answer.json()).toEqual({ detail: METRICS_REFUSED });
    }
    expect((await get(app, '10.1.2.3', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await get(app, '10.1.2.3', { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('without METRICS_TOKEN no bearer opens it', async () => {
    const app = await appWith(undefined);
    expect((await get(app, '10.1.2.3', { authorization: 'Bearer ' })).statusCode).toBe(403);
    expect((await get(app, '10.1.2.3', { authorization: 'Bearer undefined' })).statusCode).toBe(403);
  });
});
