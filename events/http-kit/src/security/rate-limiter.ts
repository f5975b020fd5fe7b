/**
 * Counters of time windows, shared by every process and replica (the admin
 * endpoints, login, signup and resend are rate limited). A key's window opens with its first hit
 * and lasts `windowMs` (so `Retry-After` is the time to its end, and no calendar boundary lets a
 * burst of twice the limit through); the next hit after it opens a new one.
 */
export interface WindowCount {
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (and the count starts again at 0). */
  resetInMs: number;
}

export interface RateLimiter {
  /** Counts one hit of `key` in its current window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current window's count, without counting. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives one hit back (a charge that turned out not to be a failure). */
  refund(key: string, windowMs: number): Promise<void>;
}
