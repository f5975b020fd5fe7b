import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';

export interface MetricsAccess {
  registry: Registry;
  /** METRICS_TOKEN: a scraper from outside loopback sends it as a Bearer token. */
  token?: string | undefined;
}

export const METRICS_REFUSED =
  'Metrics are served to loopback, or with Authorization: Bearer <METRICS_TOKEN>.';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the metrics: the TCP peer on loopback with no proxy header (a proxy on the same
 * machine forwarding the outside adds X-Forwarded-For or Forwarded, and must not make every
 * visitor local), or whoever presents METRICS_TOKEN. The peer is the socket's, never the
 * TRUST_PROXY-derived client address.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!proxied && isLoopback(request.socket.remoteAddress)) return true;
  const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  return token !== undefined && presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** GET /metrics: the registry in Prometheus' text format, or a 403 with a detail. */
export function serveMetrics(app: FastifyInstance, access: MetricsAccess): void {
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, access.token)) return reply.status(403).send({ detail: METRICS_REFUSED });
    const text = await access.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(access.registry.contentType).send(text);
  });
}
