import { connect } from 'node:net';
import { CLOSING_RETRY_AFTER_SECONDS, closingDetail } from '@nocturne/http-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../split/gateway';
import { buildHttpApp } from './http-app';

/**
 * A request on a connection opened before `app.close()` whose headers end after it began (a
 * page's poll while the process is replaced): the raw answer, status line to body.
 */
async function askWhileClosing(app: FastifyInstance, path: string): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const ended = new Promise((resolve) => socket.once('close', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n`);
  // Half a request is not an idle connection: close() leaves it open to finish.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closed = app.close();
  // The server stops listening once the preClose hooks have run: the close has begun.
  while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
  socket.write('\r\n');
  await ended;
  await closed;
  return answer;
}

function expectProblemWithRetry(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503 /);
  expect(head.toLowerCase()).toContain(`retry-after: ${CLOSING_RETRY_AFTER_SECONDS}`);
  expect(head.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(body)).toEqual({ detail: closingDetail });
}

let upstream: FastifyInstance | undefined;
afterEach(() => upstream?.close());

describe('a request that reaches a server while it closes', () => {
  it('is answered 503 with Retry-After and a detail by the service (Fastify answered a body without detail)', async () => {
    const app = await buildHttpApp({ logLevel: 'silent' });
    expectProblemWithRetry(await askWhileClosing(app, '/api/nothing'));
  });

  it('is answered by the gateway itself, never forwarded to a service', async () => {
    upstream = Fastify({ logger: false });
    let forwarded = 0;
    upstream.get('/api/stories', async () => {
      forwarded++;
      return { stories: [] };
    });
    const upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await buildGateway({
      queryApiUrls: [upstreamUrl],
      commandApiUrls: [upstreamUrl],
      logLevel: 'silent',
    });
    expectProblemWithRetry(await askWhileClosing(gateway, '/api/stories'));
    expect(forwarded).toBe(0);
  });

  it('before the close, is served as usual', async () => {
    const app = await buildHttpApp({ logLevel: 'silent' });
    const answer = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(answer.statusCode).toBe(404);
    await app.close();
  });
});
