import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { buildGateway } from './gateway';

/**
 * The gateway in front of two processes of each service, one of them down (killed, or not yet
 * started again): a connection it refuses costs no answer its request could have had.
 */
let live: FastifyInstance;
let liveUrl: string;
let downUrl: string;
let gateway: FastifyInstance | undefined;
const served: Array<{ method: string; url: string; body: unknown }> = [];

beforeAll(async () => {
  live = Fastify();
  live.all('/*', async (request) => {
    served.push({ method: request.method, url: request.url, body: request.body ?? null });
    return { served: true };
  });
  liveUrl = await live.listen({ port: 0, host: '127.0.0.1' });
  // Nothing listens there: the process that is down.
  downUrl = `http://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  await live?.close();
});
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  served.length = 0;
});

/** A gateway whose first process of each service, the first taken, is the one down. */
async function gatewayWithOneDown(): Promise<string> {
  gateway = await buildGateway({
    queryApiUrls: [downUrl, liveUrl],
    commandApiUrls: [downUrl, liveUrl],
    logLevel: 'silent',
  });
  return gateway.listen({ port: 0, host: '127.0.0.1' });
}

describe('one process of a service down', () => {
  it('answers every read from the other', async () => {
    const base = await gatewayWithOneDown();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${base}/api/stories?page=${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(served.map((s) => s.url)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `/api/stories?page=${i}`));
  });

  it('sends a command without a body, refused, to the other once', async () => {
    const base = await gatewayWithOneDown();
    const like = await fetch(`${base}/api/stories/s1/like`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(like.status).toBe(200);
    expect(served).toEqual([{ method: 'POST', url: '/api/stories/s1/like', body: null }]);
  });

  it('answers 502 to a command with a body it could not send, and sends the next ones to the other', async () => {
    const base = await gatewayWithOneDown();
    const post = () =>
      fetch(`${base}/api/stories/s1/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
      });
    const refused = await post();
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ detail: 'command-api is not answering. Please try again.' });
    expect(served).toEqual([]);
    expect([(await post()).status, (await post()).status]).toEqual([200, 200]);
    const comment = { method: 'POST', url: '/api/stories/s1/comments', body: { text: 'hello' } };
    expect(served).toEqual([comment, comment]);
  });

  it('answers 502 when every process of the service refuses', async () => {
    gateway = await buildGateway({ queryApiUrls: [downUrl], commandApiUrls: [downUrl], logLevel: 'silent' });
    const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
    const read = await fetch(`${base}/api/stories`);
    expect(read.status).toBe(502);
    expect(await read.json()).toMatchObject({ detail: 'query-api is not answering. Please try again.' });
  });
});
