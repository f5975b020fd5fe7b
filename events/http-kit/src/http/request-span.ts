import type { IncomingHttpHeaders } from 'node:http';
import { propagation, ROOT_CONTEXT, type Span, TraceFlags, trace } from '@opentelemetry/api';

/**
 * Each traced request's own span, found by the request's headers object (the IncomingMessage's,
 * which Fastify's request and the hot lane both hand on). The span is passed this way, by hand,
 * rather than as the API's active context: an active context needs a context manager, whose
 * AsyncLocalStorage hooks every promise of the process, traced requests or not.
 */
const spans = new WeakMap<IncomingHttpHeaders, Span>();

/** Makes `span` the request's: what the request causes is traced beneath it. */
export function setRequestSpan(headers: IncomingHttpHeaders, span: Span): void {
  spans.set(headers, span);
}

/**
 * Writes the W3C trace context of the request's span into `carrier` (`traceparent`, and
 * `tracestate` when it has one), sampled or not, so that whoever receives it keeps the request's
 * sampling decision; writes nothing when the request is not traced.
 */
export function injectRequestTrace(headers: IncomingHttpHeaders, carrier: Record<string, unknown>): void {
  const span = spans.get(headers);
  if (span) propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
}

/**
 * The `traceparent` of the request's span when its trace is sampled; undefined when the request
 * is not traced or its trace is not sampled (nothing after it would be recorded).
 */
export function sampledTraceparent(headers: IncomingHttpHeaders): string | undefined {
  const span = spans.get(headers);
  if (!span || (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
  const carrier: { traceparent?: string } = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent;
}
