import { Agent } from 'node:http';
import { getDrained } from '../http-get';

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
 * `workers` clients side by side on kept-alive connections, each sending `perWorker` requests one
 * after the other, asking as a browser does (`Accept-Encoding: br, gzip`), each timed to its
 * answer's last byte; every answer must be a 200. The latency of all of them.
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
          const { url, headers } = request(worker, n);
          const started = performance.now();
          const { status } = await getDrained(url, {
            agent,
            headers: { 'accept-encoding': 'br, gzip', ...headers },
          });
          samples.push(performance.now() - started);
          if (status !== 200) throw new Error(`${new URL(url).pathname}: ${status}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return latencyOf(samples);
}
