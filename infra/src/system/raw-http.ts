import { type IncomingHttpHeaders, request } from 'node:http';

/** What a connection carries beside the answer itself. */
const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** An answer's own headers: those of the connection left out. */
export function answerHeaders(
  headers: IncomingHttpHeaders | Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !connectionHeaders.has(name)));
}

/**
 * A request over HTTP exactly as given (a test aid: no header is added, not even Accept-Encoding,
 * and there is no body unless `body`): its status, the answer's own headers, and its bytes.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: answerHeaders(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    ).on('error', reject);
    sent.end(options.body);
  });
}
