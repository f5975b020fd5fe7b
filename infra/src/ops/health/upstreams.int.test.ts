import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../launcher/free-port';
import { upstreamReadiness } from './upstreams';

/** A back end whose /readyz answers `status` with a report of one problem when not ready. */
async function backEnd(status: number): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/readyz', async (_request, reply) =>
    reply
      .status(status)
      .send({ ready: status === 200, problems: status === 200 ? [] : ['projection stories stopped'] }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

let ready: { app: FastifyInstance; url: string };
let stopped: { app: FastifyInstance; url: string };
let nobody: string;

beforeAll(async () => {
  ready = await backEnd(200);
  stopped = await backEnd(503);
  nobody = `http://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  await ready.app.close();
  await stopped.app.close();
});

describe("the gateway's readiness", () => {
  it('is ready when every upstream is', async () => {
    expect(await upstreamReadiness({ 'query-api': ready.url, 'command-api': ready.url })()).toEqual({
      ready: true,
      problems: [],
      services: { 'query-api': { ready: true, problems: [] }, 'command-api': { ready: true, problems: [] } },
    });
  });

  it('is not ready when one upstream is not, or does not answer, and names it', async () => {
    const report = await upstreamReadiness({
      'query-api': stopped.url,
      'command-api': nobody,
      projector: ready.url,
    })();
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual(['query-api: projection stories stopped', 'command-api: no answer']);
  });
});
