import { randomUUID } from 'node:crypto';
import {
  type Actor,
  actionKey,
  type CommandContext,
  IDEMPOTENCY_KEY_PATTERN,
  idempotentId,
} from '@nocturne/events';
import { HttpError, sampledTraceparent } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible ASCII characters.';

/** The request's Idempotency-Key: undefined when it has none, a 400 when it is malformed. */
export function idempotencyKeyOf(headers: FastifyRequest['headers']): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, IDEMPOTENCY_KEY_INVALID);
  }
  return key;
}

/** The parts of a request a command's context is made of (the hot lane has no body). */
export type RequestAsked = Pick<FastifyRequest, 'id' | 'headers'> &
  Partial<Pick<FastifyRequest, 'method' | 'url' | 'body'>>;

/**
 * Correlation comes from the caller's X-Correlation-Id when given; causation is the request
 * (Fastify's request id, or the hot lane's); the Idempotency-Key names the action together with
 * what the request asks, so that a retry of the request is the same action (its events' ids are
 * the same: nothing is stored twice) while the same key sent with another request (a script
 * that kept the key of an earlier call) is another action, done and answered for what it asks,
 * never answered with the earlier request's outcome; the request span's trace context, when its
 * trace is sampled, goes into the events' metadata.
 */
export function commandContext(request: RequestAsked, actor: Actor): CommandContext {
  const header = request.headers['x-correlation-id'];
  const correlationId = typeof header === 'string' && header.length <= 100 ? header : randomUUID();
  const key = idempotencyKeyOf(request.headers);
  const idempotencyKey = key === undefined ? undefined : actionKey(key, request);
  const traceparent = sampledTraceparent(request.headers);
  return {
    correlationId,
    causationId: `request:${request.id}`,
    actor,
    ...(idempotencyKey !== undefined && { idempotencyKey }),
    ...(traceparent !== undefined && { traceparent }),
  };
}

/**
 * An id a command chooses before it appends (the first event's id, a new story's id): derived
 * from the Idempotency-Key when the request has one, so that a retry of the action chooses the
 * same; random otherwise. `scope` says what the id is for (a stream name, "new story").
 */
export function chosenId(context: CommandContext, scope: string, index = 0): string {
  return context.idempotencyKey === undefined
    ? randomUUID()
    : idempotentId(context.idempotencyKey, scope, index);
}
