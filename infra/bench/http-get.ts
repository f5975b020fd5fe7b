import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

/**
 * The bench's GETs over plain `node:http`, in a module of their own without the product's imports:
 * the lag suite's client process loads it and little else. `fetch` would take more of the cores
 * the product is measured on (its streams, and decoding every compressed body).
 */

/** An answer read to its last byte and dropped (never decoded): its status, headers and body size as sent. */
export interface DrainedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
}

export function getDrained(
  url: string,
  { agent = false, headers = {} }: { agent?: Agent | false; headers?: Record<string, string> } = {},
): Promise<DrainedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * GET a JSON answer (the reader's view, without X-Min-Position: it answers at once); on a new
 * connection unless given an agent.
 */
export function getJson<T>(url: string, agent: Agent | false = false): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        try {
          resolve(JSON.parse(body) as T);
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
