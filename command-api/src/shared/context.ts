import { randomUUID } from 'node:crypto';
import type { Actor, CommandContext } from '@nocturne/events';
import type { FastifyRequest } from 'fastify';

/** Correlation comes from the caller's X-Correlation-Id when given; causation is the request. */
export function commandContext(request: FastifyRequest, actor: Actor): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && header.length <= 100 ? header : randomUUID();
  return { correlationId, causationId: `request:${request.id}`, actor };
}
