import { HttpError, hotAnswer, type PreparedAnswer } from '@nocturne/http-kit';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HotLane } from './hot-lane';

const body = Buffer.from('["kept"]');
const kept: PreparedAnswer = {
  status: 200,
  headers: ['ETag', '"e1"', 'Content-Type', 'application/json'],
  body,
};
/** The command behind /command: its answer, or its failure, when the test settles it. */
let command: { resolve: (answer: PreparedAnswer) => void; reject: (error: unknown) => void } | undefined;
const logged: string[] = [];
/** A logger that keeps each line's message (the last argument). */
const keep = (...args: unknown[]) => {
  logged.push(String(args.at(-1)));
};
const log = { warn: keep, error: keep };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  command = undefined;
  logged.length = 0;
});

/** The command's request, once the lane has started it (wrapped: awaiting it would wait for the answer). */
async function commandStarted(base: string): Promise<{ answer: Promise<Response> }> {
  const answer = fetch(`${base}/command`, { method: 'POST' });
  await vi.waitFor(() => expect(command).toBeDefined());
  return { answer };
}

/**
 * A server whose routes declare hot answers: /hot always kept, /items/:id kept for the item
 * `kept` alone (with its query string, if any, in the answer), /command a command settled by the
 * test; /framework declares none.
 */
async function serverWithLane() {
  const lane = new HotLane([['X-Frame-Options', 'DENY']]);
  const reported: Array<[string | undefined, string, number]> = [];
  lane.reportTo((request, route, status) => reported.push([request.url, route, status]), log);
  const app = Fastify({ serverFactory: lane.serverFactory, keepAliveTimeout: 1234 });
  app.addHook('onRoute', lane.onRoute);
  const fromRoute = async () => ({ from: 'route' });
  app.get('/hot', { config: { hotAnswer: hotAnswer({ parse: () => true, run: () => kept }) } }, fromRoute);
  const item = hotAnswer({
    parse: ({ params, query }) => (params.id === 'kept' ? { id: params.id, query } : undefined),
    run: ({ id, query }) => ({ status: 200, headers: [], body: Buffer.from(`${id} ${query ?? '-'}`) }),
  });
  app.get('/items/:id', { config: { hotAnswer: item } }, fromRoute);
  const running = hotAnswer({
    parse: () => true,
    run: () =>
      new Promise<PreparedAnswer>((resolve, reject) => {
        command = { resolve, reject };
      }),
  });
  app.post('/command', { config: { hotAnswer: running } }, fromRoute);
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
    expect(await (await fetch(`${base}/hot?any=1`)).text()).toBe('["kept"]');
    expect(reported).toEqual([
      ['/hot', '/hot', 200],
      ['/hot?any=1', '/hot', 200],
    ]);
  });

  it("matches a route's pattern, and gives its hot answer the path's parameters and the query string", async () => {
    const { reported, base } = await serverWithLane();
    expect(await (await fetch(`${base}/items/kept`)).text()).toBe('kept -');
    expect(await (await fetch(`${base}/items/kept?a=1`)).text()).toBe('kept a=1');
    expect(reported).toEqual([
      ['/items/kept', '/items/:id', 200],
      ['/items/kept?a=1', '/items/:id', 200],
    ]);
  });

  it('hands every other request to Fastify, on a server set up as Fastify sets up its own', async () => {
    const { reported, base, server } = await serverWithLane();
    expect(await (await fetch(`${base}/framework`)).json()).toEqual({ from: 'fastify' });
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    // What the hot answer leaves, another method, a further segment or a percent-escape: the route's.
    expect(await (await fetch(`${base}/items/other`)).json()).toEqual({ from: 'route' });
    expect((await fetch(`${base}/hot`, { method: 'HEAD' })).headers.get('etag')).toBeNull();
    expect((await fetch(`${base}/items/kept/more`)).status).toBe(404);
    // A plain route's path is taken as it is written: no more, no less.
    expect((await fetch(`${base}/hotter`)).status).toBe(404);
    expect((await fetch(`${base}/hot/more`)).status).toBe(404);
    expect(await (await fetch(`${base}/items/%6Bept`)).json()).toEqual({ from: 'route' });
    expect(reported).toEqual([]);
    expect(server.keepAliveTimeout).toBe(1234);
  });

  it('once closed, leaves even what it knows to Fastify', async () => {
    const { lane, reported, base } = await serverWithLane();
    lane.close();
    expect(await (await fetch(`${base}/hot`)).json()).toEqual({ from: 'route' });
    expect(reported).toEqual([]);
  });

  it("sends a command's answer when it comes, with the security headers and the length", async () => {
    const { reported, base } = await serverWithLane();
    const { answer } = await commandStarted(base);
    command!.resolve({
      status: 200,
      headers: ['Content-Type', 'application/json', 'X-Event-Position', '7'],
      body,
    });
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-event-position')).toBe('7');
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(await response.text()).toBe('["kept"]');
    expect(reported).toEqual([['/command', '/command', 200]]);
  });

  it("answers a failed command as Fastify's error handler does: a refusal as it is, anything else a logged 500", async () => {
    const { reported, base } = await serverWithLane();
    let { answer } = await commandStarted(base);
    command!.reject(new HttpError(404, 'Story not found'));
    let response = await answer;
    expect([response.status, response.headers.get('x-frame-options'), await response.json()]).toEqual([
      404,
      'DENY',
      { detail: 'Story not found' },
    ]);
    command = undefined;
    ({ answer } = await commandStarted(base));
    command!.reject(new Error('the disk is on fire'));
    response = await answer;
    expect([response.status, await response.json()]).toEqual([
      500,
      { detail: 'Something went wrong on our side. Please try again.' },
    ]);
    expect(logged).toEqual(['unhandled error']);
    expect(reported).toEqual([
      ['/command', '/command', 404],
      ['/command', '/command', 500],
    ]);
  });

  it('closes only once the commands it is running have answered', async () => {
    const { lane, base } = await serverWithLane();
    const { answer } = await commandStarted(base);
    let closed = false;
    const closing = lane.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    command!.resolve({ status: 200, headers: [], body });
    await closing;
    expect((await answer).status).toBe(200);
  });
});
