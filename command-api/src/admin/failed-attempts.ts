/**
 * Counts failed admin-password attempts per IP over a sliding window. Only failures count, so
 * an admin who types the password right is never slowed down, while guessing is capped at
 * `limit` tries a window (design.md section 7). In memory, per process: each API replica
 * limits on its own, which bounds guessing to replicas x limit.
 */
export class FailedAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Milliseconds until another attempt is allowed; 0 when one is allowed now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return this.windowMs - (now - recent[recent.length - this.limit]!);
  }

  record(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 10_000) {
      // Bound memory under a spray of addresses: forget the oldest entry.
      this.failures.delete(this.failures.keys().next().value!);
    }
  }
}
