/**
 * What a failed effect (a projection's apply, a reactor's react) tells about itself, for the
 * decision "try again later" or "this event cannot be handled", and for a log line that never
 * carries the event's data: PostgreSQL's messages and details may quote values (an e-mail in a
 * unique violation, the text of an invalid input), so only the error class and SQLSTATE go out.
 */

/**
 * SQLSTATE classes of an unavailable or busy database, not of the event: connection (08),
 * rollback by conflict (40: deadlock, serialization), resources (53), operator intervention
 * (57: shutdown, cancel), system error (58), internal (XX).
 */
const transientClasses = new Set(['08', '40', '53', '57', '58', 'XX']);

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** True when the failure says nothing about the event: the same work may succeed later. */
export function isTransientFailure(error: unknown): boolean {
  const code = codeOf(error);
  if (code === undefined) return false;
  // A Node system error (ECONNRESET, ECONNREFUSED, ETIMEDOUT, EPIPE, ...): the network.
  if (/^E[A-Z]+$/.test(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && transientClasses.has(code.slice(0, 2));
}

/** "TypeError", "error 22P05", "ZodError": the kind of failure, no message, no data. */
export function failureReason(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  const code = codeOf(error);
  return code ? `${name} ${code}` : name;
}
