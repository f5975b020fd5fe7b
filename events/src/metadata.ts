import { z } from 'zod';

/** Who caused an event. Users are named by their stream key, never by e-mail. */
export const Actor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userKey: z.string().min(1) }),
  /**
   * Someone in the admin panel: the owner (the admin password; no `staffId`) or a staff member,
   * named by their staff id. The session names the login the event was caused in.
   */
  z.object({
    kind: z.literal('admin'),
    session: z.string().min(1),
    ip: z.string(),
    staffId: z.string().min(1).optional(),
  }),
  z.object({ kind: z.literal('invite') }),
  z.object({ kind: z.literal('anonymous') }),
  z.object({ kind: z.literal('system') }),
]);
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  actor: Actor,
  schemaVersion: z.number().int().positive(),
  /**
   * The W3C trace context of the request that caused the event, when it was traced: the
   * projector's work on the event joins that request's trace. Names nobody.
   */
  traceparent: z
    .string()
    .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/)
    .optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** What a command handler knows about the request that caused its events. */
export interface CommandContext {
  correlationId: string;
  causationId: string;
  actor: Actor;
  /**
   * The client's name for this action (Idempotency-Key), when it gave one: the command's event
   * ids are derived from it (idempotentId), so a retry of the action stores nothing twice.
   */
  idempotencyKey?: string;
  /** The request's W3C trace context, when it is traced (EventMetadata.traceparent). */
  traceparent?: string;
}
