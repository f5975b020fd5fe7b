import { z } from 'zod';

/**
 * Yoti's Age Verification API as its documentation describes it (sessions, the user view, the
 * result, the notification): the one description of the wire that the adapter and the local
 * stand-in both speak, so that only the address changes between them.
 */

/** Where Yoti serves the API and the user view. */
export const YOTI_DEFAULT_URL = 'https://age.yoti.com';

/** The headers of every call: the API key as a bearer token, and the SDK id. */
export const yotiHeaders = (sdkId: string, apiKey: string) => ({
  authorization: `Bearer ${apiKey}`,
  'content-type': 'application/json',
  'yoti-sdk-id': sdkId,
});

/** One method's part of a session: offered or not, the age it checks, and its anti-spoofing level. */
export const YotiMethodConfig = z.object({
  allowed: z.boolean(),
  threshold: z.number().int().min(1).max(150).optional(),
  level: z.enum(['NONE', 'PASSIVE']).optional(),
  retry_limit: z.number().int().min(1).max(10).optional(),
});
export type YotiMethodConfig = z.infer<typeof YotiMethodConfig>;

/** The methods a session may offer, by their names in the session. */
export const YOTI_METHODS = ['age_estimation', 'digital_id', 'doc_scan', 'credit_card', 'mobile'] as const;
export type YotiMethodKey = (typeof YOTI_METHODS)[number];

/** POST /api/v1/sessions: what the relying party asks for. */
export const YotiSessionRequest = z.object({
  type: z.enum(['OVER', 'UNDER', 'AGE']),
  age_estimation: YotiMethodConfig.optional(),
  digital_id: YotiMethodConfig.optional(),
  doc_scan: YotiMethodConfig.optional(),
  credit_card: YotiMethodConfig.optional(),
  mobile: YotiMethodConfig.optional(),
  /** Seconds the user has to finish: at least 60, at most a month. */
  ttl: z
    .number()
    .int()
    .min(60)
    .max(31 * 86_400),
  reference_id: z.string().max(200).optional(),
  callback: z.object({ auto: z.boolean(), url: z.url() }),
  notification_url: z.url().optional(),
  cancel_url: z.url().optional(),
  retry_enabled: z.boolean().optional(),
  resume_enabled: z.boolean().optional(),
});
export type YotiSessionRequest = z.infer<typeof YotiSessionRequest>;

/** The answer to a session's creation. */
export const YotiSessionCreated = z.object({ id: z.string().min(1).max(100), expires_at: z.string() });
export type YotiSessionCreated = z.infer<typeof YotiSessionCreated>;

/**
 * A session's status. PENDING and IN_PROGRESS are unfinished; COMPLETE met the threshold; FAIL
 * did not; ERROR could not tell; CANCELLED the user gave up. Yoti may add states: any other is
 * read as unfinished.
 */
export const YOTI_FINISHED = ['COMPLETE', 'FAIL', 'ERROR', 'CANCELLED'] as const;

/** GET /api/v1/sessions/{id}/result: the fields the adapter reads (Yoti sends more). */
export const YotiSessionResult = z.object({
  id: z.string(),
  sdk_id: z.string().optional(),
  type: z.string(),
  status: z.string(),
  method: z.string().optional(),
  /** The threshold of the method used, for OVER and UNDER sessions. */
  age: z.number().optional(),
  age_estimation: YotiMethodConfig.partial().optional(),
  digital_id: YotiMethodConfig.partial().optional(),
  doc_scan: YotiMethodConfig.partial().optional(),
  credit_card: YotiMethodConfig.partial().optional(),
  mobile: YotiMethodConfig.partial().optional(),
  expires_at: z.string().optional(),
});
export type YotiSessionResult = z.infer<typeof YotiSessionResult>;

/**
 * The notification Yoti posts to `notification_url` after each attempt. `signature` is RSA-PSS
 * over SHA-256 of the payload without `sequence_number` and `signature`, serialised as JSON with
 * every whitespace character removed, in base64; Yoti publishes the public key.
 */
export const YotiNotification = z.object({
  method: z.string(),
  result: z.boolean(),
  age: z.number().optional(),
  session_key: z.string().min(1).max(100),
  reference_id: z.string().optional(),
  id: z.string(),
  timestamp: z.number(),
  notification_url: z.string().optional(),
  evidence_id: z.string().optional(),
  state: z.string(),
  check_type: z.string().optional(),
  sequence_number: z.number().optional(),
  signature: z.string().min(1).max(4096),
});
export type YotiNotification = z.infer<typeof YotiNotification>;

/** The bytes Yoti signs: the notification without its sequence number and signature, no whitespace. */
export function yotiSignedBytes(notification: Record<string, unknown>): Buffer {
  const { sequence_number: _sequence, signature: _signature, ...payload } = notification;
  return Buffer.from(JSON.stringify(payload).replace(/\s/g, ''), 'utf8');
}
