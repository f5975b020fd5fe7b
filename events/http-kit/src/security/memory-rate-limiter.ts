import type { RateLimiter, WindowCount } from './rate-limiter';

/**
 * The limiter in one process's memory, with the PostgreSQL limiter's windows (each key's opens
 * with its first hit): for tests that run without PostgreSQL. Never for a deployment, where
 * every replica must count together.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  private open(key: string, windowMs: number) {
    const window = this.windows.get(key);
    return window && window.start > this.clock().getTime() - windowMs ? window : undefined;
  }

  private count(window: { start: number; hits: number } | undefined, windowMs: number): WindowCount {
    if (!window) return { hits: 0, resetInMs: windowMs };
    return { hits: window.hits, resetInMs: window.start + windowMs - this.clock().getTime() };
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const open = this.open(key, windowMs);
    // A window whose hits were all given back starts again with this hit, as in PostgreSQL.
    const window = open && open.hits > 0 ? open : { start: this.clock().getTime(), hits: 0 };
    window.hits++;
    this.windows.set(key, window);
    return this.count(window, windowMs);
  }

  async peek(key: string, windowMs: number): Promise<WindowCount> {
    return this.count(this.open(key, windowMs), windowMs);
  }

  async refund(key: string, windowMs: number): Promise<void> {
    const window = this.open(key, windowMs);
    if (window) window.hits = Math.max(0, window.hits - 1);
  }
}
