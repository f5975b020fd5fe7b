import { randomUUID } from 'node:crypto';
import type { Actor, CommandContext } from '@nocturne/events';
import type { FastifyRequest } from 'fastify';

/**
 * Correlation comes from the caller's X-Correlation-Id when given; causation is the request
 * (Fastify's request id, or the hot lane's).
 */
export function commandContext(
  request: Pick<FastifyRequest, 'id' | 'headers'>,
  actor: Actor,
): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && header.length <= 100 ? header : randomUUID();
  return { correlationId, causationId: `request:${request.id}`, actor };
}
