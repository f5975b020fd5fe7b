/**
 * Effects that failed, in the reactors' own schema (never touched by a rebuild): the reactor's
 * checkpoint moves past them at once, so one bad address never holds back the mail of others.
 * - `retrying`: a temporary failure (SMTP 4xx, no connection); tried again at `next_attempt_at`,
 *   with a doubling delay;
 * - `refused`: a permanent refusal (SMTP 5xx): recorded and skipped, never tried again;
 * - `gave-up`: still failing after the last attempt.
 * Rows name the event (position, type, stream) and the kind of failure (`SMTP 550`,
 * `ECONNECTION`), never an address or a message text.
 */
export const reactorFailuresSql = `
create table if not exists reactors.failures (
  reactor text not null,
  position bigint not null,
  event_type text not null,
  stream_name text not null,
  state text not null check (state in ('retrying', 'refused', 'gave-up')),
  attempts integer not null,
  reason text not null,
  next_attempt_at timestamptz,
  first_failed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (reactor, position)
);
create index if not exists failures_due on reactors.failures (next_attempt_at) where state = 'retrying';`;

export type ReactorFailureState = 'retrying' | 'refused' | 'gave-up';

export interface ReactorFailure {
  reactor: string;
  position: number;
  eventType: string;
  state: ReactorFailureState;
  attempts: number;
  reason: string;
  /** When a `retrying` one is tried next. */
  nextAttemptAt: Date | null;
  updatedAt: Date;
}

/** How often and how far apart a temporary failure is tried again. */
export interface RetryPolicy {
  /** Delay before the second attempt (ms); doubles with each attempt. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all, the first included; then `gave-up`. */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min ... capped at 1 h: ten attempts span about four hours. */
export const defaultRetryPolicy: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 10,
};

/** The delay after `attempts` failed attempts. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

/** Runs one SQL text with its values: a pg pool's `query`, or a Kysely connection's. */
export type SqlQuery = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

interface FailureRow {
  reactor: string;
  position: string | number;
  event_type: string;
  state: ReactorFailureState;
  attempts: number;
  reason: string;
  next_attempt_at: Date | null;
  updated_at: Date;
}

const toFailure = (r: FailureRow): ReactorFailure => ({
  reactor: r.reactor,
  position: Number(r.position),
  eventType: r.event_type,
  state: r.state,
  attempts: r.attempts,
  reason: r.reason,
  nextAttemptAt: r.next_attempt_at,
  updatedAt: r.updated_at,
});

/**
 * The failures still pending (`retrying`) and the latest permanent ones, newest first (at most
 * `limit` of each), for the readiness check. Empty until a reactor runner created the table
 * (split mode: the projector process).
 */
export async function reactorFailures(
  query: SqlQuery,
  limit = 20,
): Promise<{ retrying: ReactorFailure[]; failed: ReactorFailure[] }> {
  try {
    const select = (states: string) =>
      query(
        `select reactor, position, event_type, state, attempts, reason, next_attempt_at, updated_at
           from reactors.failures where state = any($1) order by updated_at desc, position desc limit $2`,
        [states.split(','), limit],
      ).then((result) => (result.rows as FailureRow[]).map(toFailure));
    const [retrying, failed] = await Promise.all([select('retrying'), select('refused,gave-up')]);
    return { retrying, failed };
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: no reactor has run here yet.
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return { retrying: [], failed: [] };
    throw error;
  }
}
