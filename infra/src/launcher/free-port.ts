import { createServer } from 'node:net';

/** Whether nothing listens on host:port yet (we can bind it). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Where free ports are looked for: below the range Linux hands out to outgoing connections
 * (32768 to 60999 by default). A port from that range, found free, can be taken before it is
 * bound by any process's next outgoing connection (a database client's, say), and the bind then
 * fails with EADDRINUSE.
 */
const LOW = 20_000;
const HIGH = 32_767;

/** A port free right now on `host`, outside the range outgoing connections take theirs from. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW + 1));
    if (await portIsFree(port, host)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} on ${host}`);
}

/** Whether a server failed to start because its address is taken. */
export const isAddressInUse = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

/**
 * Starts a server on `port`, and on another free port when the bind fails because the port was
 * taken after it was found free (two processes starting at once both saw it free). `taken` tells
 * such a failure from any other, which is thrown as it is. `moved` hears of each new port.
 *
 * @example
 * const { value: server, port } = await startOnFreePort(54329, (p) => listen(p), isAddressInUse);
 */
export async function startOnFreePort<T>(
  port: number,
  start: (port: number) => Promise<T>,
  taken: (error: unknown) => boolean,
  moved: (port: number) => void = () => {},
  attempts = 5,
): Promise<{ value: T; port: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await start(port), port };
    } catch (error) {
      if (attempt >= attempts || !taken(error)) throw error;
      port = await freePort();
      moved(port);
    }
  }
}

/**
 * Starts a stand-in beside the product (the local processor, wallet, Yoti): on `asked` when the
 * operator set its port, where a taken port is an error; else on `beside`, the product's port
 * plus an offset, or on another free port when something else holds that one. The product's own
 * port is picked free, not its neighbours (RabbitMQ's 25672 beside a free 25671, say).
 *
 * @example
 * const wallet = await startBeside(raw.LOCAL_WALLET_PORT, config.port + 2, (port) => startLocalWallet({ port }));
 */
export async function startBeside<T>(
  asked: number | undefined,
  beside: number,
  start: (port: number) => Promise<T>,
): Promise<T> {
  if (asked !== undefined) return start(asked);
  return (await startOnFreePort(beside, start, isAddressInUse)).value;
}
