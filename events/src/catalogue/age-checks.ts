import { z } from 'zod';
import { defineEvent } from './define';
import { IsoTime } from './fields';

/**
 * One age check (`age_check-{id}`): how it was started and how it was answered, nothing more. It
 * holds no nonce, secret or answer of the provider (those are derived from the server secret and
 * the check's id, or verified and dropped), and never names the story that asked. `member` is the
 * user key of a signed-in member who started it (their `AgeAssured` is appended to their stream
 * when it assures); null for a visitor.
 */
export const AgeCheckStarted = defineEvent(
  'AgeCheckStarted',
  1,
  z.object({
    method: z.enum(['wallet', 'hosted']),
    provider: z.string().regex(/^[a-z0-9-]{1,40}$/),
    member: z.string().min(1).nullable(),
    /** The provider's own id of the session, when it has one (a hosted provider's session id). */
    reference: z.string().max(200).nullable(),
    /** After this, an answer is refused: a new check must be started. */
    expiresAt: IsoTime,
  }),
);

/**
 * The check's one answer: `assured` (the assurance holds until `assuranceExpiresAt`), or
 * `refused` with the reason (an invalid, expired, foreign or under-18 presentation). A second
 * answer is refused and appends nothing, so a presentation or a nonce serves once.
 */
export const AgeCheckAnswered = defineEvent(
  'AgeCheckAnswered',
  1,
  z.object({
    outcome: z.enum(['assured', 'refused']),
    reason: z.string().max(40).nullable(),
    assuranceExpiresAt: IsoTime.nullable(),
  }),
);

export const ageCheckEvents = [AgeCheckStarted, AgeCheckAnswered] as const;
