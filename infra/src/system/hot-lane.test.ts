import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HotLane } from './hot-lane';

const body = Buffer.from('["kept"]');
const answers = (request: { url?: string }) =>
  request.url === '/hot'
    ? {
        route: '/hot',
        answer: { status: 200 as const, headers: ['ETag', '"e1"', 'Content-Type', 'application/json'], body },
      }
    : undefined;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serverWithLane() {
  const lane = new HotLane(answers, [['X-Frame-Options', 'DENY']]);
  const reported: Array<[string | undefined, string, number]> = [];
  lane.reportTo((request, route, status) => reported.push([request.url, route, status]));
  const app = Fastify({ serverFactory: lane.serverFactory, keepAliveTimeout: 1234 });
  app.get('/framework', async () => ({ from: 'fastify' }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  return { lane, reported, base, server: app.server };
}

describe('the hot lane', () => {
  it('answers what it knows with the security headers, its own and the length, and reports it', async () => {
    const { reported, base } = await serverWithLane();
    const answer = await fetch(`${base}/hot`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('etag')).toBe('"e1"');
    expect(answer.headers.get('content-length')).toBe(String(body.length));
    expect(await answer.text()).toBe('["kept"]');
    expect(reported).toEqual([['/hot', '/hot', 200]]);
  });

  it('hands every other request to Fastify, on a server set up as Fastify sets up its own', async () => {
    const { reported, base, server } = await serverWithLane();
    expect(await (await fetch(`${base}/framework`)).json()).toEqual({ from: 'fastify' });
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    expect(reported).toEqual([]);
    expect(server.keepAliveTimeout).toBe(1234);
  });

  it('once closed, leaves even what it knows to Fastify', async () => {
    const { lane, reported, base } = await serverWithLane();
    lane.close();
    expect((await fetch(`${base}/hot`)).status).toBe(404);
    expect(reported).toEqual([]);
  });
});
