import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from '@nocturne/infra/launcher/free-port';

/**
 * The product's origin across a deploy: a proxy that passes every request to `upstream` as it
 * is until `deploy` gives some of its files new bytes, which it then answers with, under the
 * headers the server sends for them (Content-Security-Policy, `Cache-Control: no-cache`). The
 * browser sees what a new build's deploy shows it: the same origin, a changed `/sw.js`.
 */
export interface DeployProxy {
  baseURL: string;
  /** From now on, `path` (`/` is `/index.html`, as the server answers it) has these bytes. */
  deploy(files: Record<string, string>): void;
  stop(): Promise<void>;
}

const SERVED_AS: Record<string, string> = { '/': '/index.html' };

export async function startDeployProxy(upstream: string): Promise<DeployProxy> {
  const target = new URL(upstream);
  const deployed = new Map<string, string>();
  const pathOf = (url: string) => {
    const path = new URL(url, 'http://proxy').pathname;
    return SERVED_AS[path] ?? path;
  };
  const handle = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const replaced = incoming.method === 'GET' ? deployed.get(pathOf(incoming.url ?? '/')) : undefined;
    const headers = { ...incoming.headers, host: target.host };
    // A replaced file is read as text from the server (only its headers are kept).
    if (replaced !== undefined) headers['accept-encoding'] = 'identity';
    delete headers['if-none-match'];
    const upstreamRequest = forward(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (replaced === undefined) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        answer.resume();
        const {
          etag: _etag,
          'content-length': _length,
          'content-encoding': _encoding,
          ...kept
        } = answer.headers;
        outgoing.writeHead(200, { ...kept, 'content-length': Buffer.byteLength(replaced) });
        outgoing.end(replaced);
      },
    );
    upstreamRequest.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstreamRequest);
  };
  const server = createServer(handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    deploy(files) {
      for (const [path, body] of Object.entries(files)) deployed.set(SERVED_AS[path] ?? path, body);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
