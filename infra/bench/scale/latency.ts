import { Agent, get } from 'node:http';

/** Latency figures of a series of requests, in ms. */
export interface Latency {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function latencyOf(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 };
}

/**
 * One GET on a kept-alive connection, timed to the answer's last byte, as a browser asks
 * (`Accept-Encoding: br, gzip`); the body is read and dropped, not decoded. The load generator
 * shares the machine's cores with the product and its database: `fetch` spent three times the
 * CPU of this client on each search (its streams and its gzip decoding), taken from the server
 * it measures.
 */
function timedGet(agent: Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    get(url, { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      response.on('data', () => {});
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    }).on('error', reject);
  });
}

/**
 * `workers` clients side by side, each sending `perWorker` requests one after the other (each
 * awaited in full, body included); every answer must be a 200. The latency of all of them.
 */
export async function timedRequests(
  workers: number,
  perWorker: number,
  request: (worker: number, n: number) => { url: string; headers?: Record<string, string> },
): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const samples: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let n = 0; n < perWorker; n++) {
          const { url, headers = {} } = request(worker, n);
          const { status, ms } = await timedGet(agent, url, headers);
          samples.push(ms);
          if (status !== 200) throw new Error(`${new URL(url).pathname}: ${status}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return latencyOf(samples);
}
