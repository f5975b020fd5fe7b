import { createServer } from 'node:net';

/** Whether nothing listens on host:port yet (we can bind it). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the operating system says is free right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
