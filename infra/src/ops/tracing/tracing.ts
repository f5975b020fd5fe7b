import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setRequestSpan } from '@nocturne/http-kit';
import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Wraps every request listener a server has (Fastify's, and a hot lane's before it) with
 * `traceRequests`, so no answer escapes its span. Call it once the server exists.
 */
export function traceEveryRequest(
  server: Server,
  traceRequests: (listener: RequestListener) => RequestListener,
): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  for (const listener of listeners) server.on('request', traceRequests(listener));
}

/** What a process traces with, once tracing is on. */
export interface Tracing {
  /** For the projector's spans (ProjectionRunner's `tracer`). */
  tracer: Tracer;
  /** A server's request listener, each request a span of the trace its `traceparent` names. */
  traceRequests(listener: RequestListener): RequestListener;
  /** Sends what is still buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * Tracing with OpenTelemetry's SDK: on when OTEL_EXPORTER_OTLP_ENDPOINT is set (spans go there
 * in batches over OTLP/HTTP as protobuf, which takes less of the process than JSON to encode and
 * to send; the exporter reads the endpoint and its headers from the standard OTEL_* variables),
 * or when a test hands its own exporter. Off, nothing is registered: the API's calls
 * in the services are no-ops and no request is wrapped.
 *
 * One trace follows a command: the HTTP request's span (from the caller's `traceparent`, as a
 * gateway or browser sends it), the append's span beneath it, the context written into the
 * events' metadata, the projector's span for the batch that applied each event, and any read
 * that carries the same `traceparent`.
 *
 * No context manager is registered: the request's span is handed on by hand (setRequestSpan,
 * found by the request's headers), and each span below it names its parent. So a request whose
 * trace is not sampled costs the sampler's decision and nothing after it: no listener on its
 * answer, no trace context in its events, no append or projection span.
 *
 * @example
 *   const tracing = startTracing({ serviceName: 'nocturne' }); // undefined without an endpoint
 */
export function startTracing(options: {
  serviceName: string;
  endpoint?: string | undefined;
  exporter?: SpanExporter;
}): Tracing | undefined {
  if (!options.exporter && !options.endpoint) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      options.exporter
        ? new SimpleSpanProcessor(options.exporter)
        : new BatchSpanProcessor(new OTLPTraceExporter()),
    ],
  });
  // The global provider and W3C trace-context propagator; no context manager (above).
  provider.register({ contextManager: null });
  const tracer = provider.getTracer('nocturne');
  return {
    tracer,
    traceRequests(listener) {
      return (request, response) => {
        const { headers } = request;
        const parent = propagation.extract(ROOT_CONTEXT, headers);
        const method = request.method ?? 'GET';
        // Named by the method alone: a path holds ids, and a span name is to group by. The
        // attributes are set once the span is known to be recorded: an unsampled request (nine in
        // ten, sampled at a tenth) then costs the sampler's decision and no attribute work.
        const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
        setRequestSpan(headers, span);
        if (span.isRecording()) {
          span.setAttributes({
            'http.request.method': method,
            'url.path': (request.url ?? '/').split('?')[0],
          });
          response.once('close', () => {
            span.setAttribute('http.response.status_code', response.statusCode);
            if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
            span.end();
          });
        }
        listener(request, response);
      };
    },
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
    },
  };
}
