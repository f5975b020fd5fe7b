import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchLikes, type LikesResult } from './likes-over-http';

/** Tracing off, on for every request, or on for a tenth of them (the SDK's own ratio sampler). */
export type TracingMode = 'off' | 'every request' | 'a tenth sampled';

const MODES: Record<TracingMode, (collector: string) => Record<string, string>> = {
  off: () => ({}),
  'every request': (collector) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: collector }),
  'a tenth sampled': (collector) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  }),
};

export interface TracingCostResult {
  /** Each run in the order it ran: the modes in turn, `pairs` times. */
  runs: { mode: TracingMode; result: LikesResult }[];
  /** Each mode's median likes/s, and its ratio to tracing off (target at least 0.95). */
  medians: { mode: TracingMode; perSecond: number; ratio: number }[];
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
 * Likes over HTTP with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT), on for every request and on
 * for a tenth of them (exporting to a local collector), in turn, `pairs` times, each on a fresh
 * product and database; each mode's median is compared with off's.
 *
 * @example
 *   const { medians, spans } = await benchTracingCost(postgresUrl, console.log, 1);
 */
export async function benchTracingCost(
  postgresUrl: string,
  log: (line: string) => void,
  pairs = Number(process.env.BENCH_TRACING_PAIRS ?? 3),
): Promise<TracingCostResult> {
  const collector = await startCollector();
  try {
    const runs: TracingCostResult['runs'] = [];
    const modes = Object.keys(MODES) as TracingMode[];
    for (let pair = 0; pair < pairs; pair++) {
      for (const mode of modes) {
        log(`likes with tracing ${mode} (round ${pair + 1} of ${pairs})`);
        runs.push({ mode, result: await benchLikes(postgresUrl, log, { env: MODES[mode](collector.url) }) });
      }
    }
    const median = (mode: TracingMode) => {
      const side = runs.filter((r) => r.mode === mode).map((r) => r.result.likesPerSecond);
      return side.sort((a, b) => a - b)[Math.floor(side.length / 2)]!;
    };
    const off = median('off');
    return {
      runs,
      medians: modes.map((mode) => ({ mode, perSecond: median(mode), ratio: median(mode) / off })),
      spans: collector.spans(),
    };
  } finally {
    await collector.close();
  }
}
