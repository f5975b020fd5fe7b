import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchLikes, type LikesResult } from './likes-over-http';

export interface TracingCostResult {
  /** Each run in the order it ran: tracing off, then on, alternately. */
  runs: { traced: boolean; result: LikesResult }[];
  offPerSecond: number;
  onPerSecond: number;
  /** on / off (medians): the share of the likes' rate tracing keeps (target at least 0.95). */
  ratio: number;
  /** Spans the collector received from the traced runs: tracing was on, and exported. */
  spans: number;
}

/**
 * A collector for the bench: it takes every OTLP/HTTP (JSON) export, counts its spans and keeps
 * nothing, so what the product pays is its own side (the spans, their batching, the export's
 * serialisation and write), as with a real collector on the network.
 */
async function startCollector(): Promise<{ url: string; spans(): number; close(): Promise<void> }> {
  let spans = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[];
        };
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans += scope.spans?.length ?? 0;
      } catch {
        // not JSON (a protobuf export): answered all the same, not counted
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Likes over HTTP with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) and on (exporting to a local
 * collector), alternately, `pairs` times, each on a fresh product and database; the medians of
 * the two sides are compared.
 *
 * @example
 *   const { ratio, spans } = await benchTracingCost(postgresUrl, console.log, 1);
 */
export async function benchTracingCost(
  postgresUrl: string,
  log: (line: string) => void,
  pairs = Number(process.env.BENCH_TRACING_PAIRS ?? 3),
): Promise<TracingCostResult> {
  const collector = await startCollector();
  try {
    const runs: TracingCostResult['runs'] = [];
    for (let pair = 0; pair < pairs; pair++) {
      for (const traced of [false, true]) {
        log(`likes with tracing ${traced ? 'on' : 'off'} (pair ${pair + 1} of ${pairs})`);
        const env: Record<string, string> = traced ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } : {};
        runs.push({ traced, result: await benchLikes(postgresUrl, log, { env }) });
      }
    }
    const median = (traced: boolean) => {
      const side = runs.filter((r) => r.traced === traced).map((r) => r.result.likesPerSecond);
      return side.sort((a, b) => a - b)[Math.floor(side.length / 2)]!;
    };
    const offPerSecond = median(false);
    const onPerSecond = median(true);
    return { runs, offPerSecond, onPerSecond, ratio: onPerSecond / offPerSecond, spans: collector.spans() };
  } finally {
    await collector.close();
  }
}
