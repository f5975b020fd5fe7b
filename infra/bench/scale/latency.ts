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
 * `workers` clients side by side, each sending `perWorker` requests one after the other (each
 * awaited in full, body included); every answer must be a 200. The latency of all of them.
 */
export async function timedRequests(
  workers: number,
  perWorker: number,
  request: (worker: number, n: number) => { url: string; headers?: Record<string, string> },
): Promise<Latency> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; n < perWorker; n++) {
        const { url, headers } = request(worker, n);
        const started = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        samples.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${new URL(url).pathname}: ${response.status}`);
      }
    }),
  );
  return latencyOf(samples);
}
