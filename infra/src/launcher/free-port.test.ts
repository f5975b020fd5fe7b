import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isAddressInUse, startBeside, startOnFreePort } from './free-port';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(server);
    });
  });
}

describe('freePort', () => {
  it('answers a port it can bind, below the range outgoing connections take theirs from (was: a test server failed with EADDRINUSE on a port a database client had taken meanwhile)', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      await listen(port);
    }
  });
});

describe('startOnFreePort', () => {
  it('starts on another port when the chosen one was taken after it was found free (was: two embedded PostgreSQL started at once, one failed)', async () => {
    const port = await freePort();
    await listen(port); // the other process, first to bind
    const moves: number[] = [];
    const started = await startOnFreePort(port, listen, isAddressInUse, (moved) => moves.push(moved));
    expect(started.port).not.toBe(port);
    expect(moves).toEqual([started.port]);
    expect((started.value.address() as { port: number }).port).toBe(started.port);
  });

  it('throws any other failure as it is, without trying another port', async () => {
    let tries = 0;
    const broken = new Error('initdb failed');
    await expect(
      startOnFreePort(
        await freePort(),
        async () => {
          tries++;
          throw broken;
        },
        isAddressInUse,
      ),
    ).rejects.toBe(broken);
    expect(tries).toBe(1);
  });

  it('gives up after its attempts', async () => {
    let tries = 0;
    const taken = Object.assign(new Error('taken'), { code: 'EADDRINUSE' });
    await expect(
      startOnFreePort(
        await freePort(),
        async () => {
          tries++;
          throw taken;
        },
        isAddressInUse,
        () => {},
        3,
      ),
    ).rejects.toBe(taken);
    expect(tries).toBe(3);
  });
});

describe('startBeside', () => {
  it("starts a stand-in on the port beside the product's when it is free", async () => {
    const port = await freePort();
    const server = await startBeside(undefined, port, listen);
    expect((server.address() as { port: number }).port).toBe(port);
  });

  it("starts a stand-in on another free port when something else holds the one beside the product's (was: npm start failed with EADDRINUSE when RabbitMQ held PORT + 1)", async () => {
    const port = await freePort();
    await listen(port); // another service, on the product's neighbour
    const server = await startBeside(undefined, port, listen);
    expect((server.address() as { port: number }).port).not.toBe(port);
  });

  it('fails on a port the operator set when it is taken, rather than moving it', async () => {
    const port = await freePort();
    await listen(port);
    await expect(startBeside(port, port + 1, listen)).rejects.toSatisfy(isAddressInUse);
  });
});
