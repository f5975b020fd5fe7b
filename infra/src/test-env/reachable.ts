import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Whether a TCP connection to host:port is accepted. */
export const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The machine's IPv4 addresses other than loopback: where the local network would knock. */
export const outsideAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
