import { createServer, type Server } from 'node:http';
import { freePort, isAddressInUse } from '@nocturne/infra/launcher/free-port';
import { expect, test } from '@playwright/test';
import { startContractProxy } from './fixtures/contract-proxy';

/**
 * The e2e systems' contract proxy (./fixtures/contract-proxy.ts) when a port it was given free is
 * taken before it binds it: another worker's system starts at the same moment and picks ports too.
 */

async function listening(server: Server): Promise<number> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return port;
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

test('a front whose port was taken fails its start with EADDRINUSE, for the system to start again on others (was: an uncaught error in the worker, the start never settling)', async () => {
  const holder = createServer();
  const taken = await listening(holder);
  try {
    const starting = startContractProxy({
      upstream: 'http://127.0.0.1:9',
      port: taken,
      prismPort: await freePort(),
    });
    const error = await starting.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isAddressInUse(error)).toBe(true);
  } finally {
    await close(holder);
  }
});

test("Prism's port taken: Prism starts on another, and the API's answers are still checked through it", async () => {
  // The product: a story list that is not what the document says a list is.
  const product = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ unexpected: true }));
  });
  const holder = createServer();
  const productPort = await listening(product);
  const takenPrismPort = await listening(holder);
  const contract = await startContractProxy({
    upstream: `http://127.0.0.1:${productPort}`,
    port: await freePort(),
    prismPort: takenPrismPort,
  });
  try {
    const answer = await fetch(`${contract.url}/api/stories`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ unexpected: true });
    expect(contract.violations.join('\n')).toMatch(/^GET \/api\/stories -> 200: response\.body/m);
  } finally {
    await contract.stop();
    await close(holder);
    await close(product);
  }
});
