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
 * The length-delimited fields numbered `field` of one protobuf message, by the wire format's own
 * rules (a varint key: field number and wire type; then a varint, 8 bytes, 4 bytes or a length
 * and that many bytes).
 */
function* fieldsOf(message: Uint8Array, field: number): Generator<Uint8Array> {
  let at = 0;
  const varint = () => {
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = message[at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
  };
  while (at < message.length) {
    const key = varint();
    const wireType = key % 8;
    if (wireType === 0) varint();
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === 2) {
      const length = varint();
      if (Math.floor(key / 8) === field) yield message.subarray(at, at + length);
      at += length;
    } else throw new Error(`protobuf wire type ${wireType} is not one OTLP uses`);
  }
}

/** The spans of an OTLP ExportTraceServiceRequest: resource_spans (1), scope_spans (2), spans (2). */
function spansIn(request: Uint8Array): number {
  let spans = 0;
  for (const resourceSpans of fieldsOf(request, 1))
    for (const scopeSpans of fieldsOf(resourceSpans, 2)) for (const _ of fieldsOf(scopeSpans, 2)) spans += 1;
  return spans;
}

/**
 * A collector for the bench: it takes every OTLP/HTTP export (protobuf, as the product sends),
 * counts its spans and keeps nothing, so what the product pays is its own side (the spans, their
 * batching, the export's serialisation and write), as with a real collector on the network.
 */
async function startCollector(): Promise<{ url: string; spans(): number; close(): Promise<void> }> {
  let spans = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      spans += spansIn(Buffer.concat(chunks));
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
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
