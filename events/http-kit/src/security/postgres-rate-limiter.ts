import type pg from 'pg';
import type { RateLimiter, WindowCount } from './rate-limiter';

/** Counters in `security.rate_limits`, one row per key, each counted in one statement. */
export class PostgresRateLimiter implements RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  private count(row: { hits: number; window_start: Date } | undefined, now: Date, windowMs: number) {
    if (!row) return { hits: 0, resetInMs: windowMs };
    return { hits: row.hits, resetInMs: row.window_start.getTime() + windowMs - now.getTime() };
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock();
    const open = new Date(now.getTime() - windowMs);
    // One atomic upsert: concurrent hits of one key (from any replica) never lose a count. A
    // window that has ended, or whose hits were all given back, starts again with this hit.
    const { rows } = await this.pool.query<{ hits: number; window_start: Date }>(
      `insert into security.rate_limits as r (key, window_start, hits) values ($1, $2, 1)
       on conflict (key) do update set
         hits = case when r.window_start > $3 and r.hits > 0 then r.hits + 1 else 1 end,
         window_start = case when r.window_start > $3 and r.hits > 0 then r.window_start else excluded.window_start end
       returning hits, window_start`,
      [key, now, open],
    );
    await this.sweepNowAndThen(now);
    return this.count(rows[0], now, windowMs);
  }

  async peek(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock();
    const { rows } = await this.pool.query<{ hits: number; window_start: Date }>(
      'select hits, window_start from security.rate_limits where key = $1 and window_start > $2',
      [key, new Date(now.getTime() - windowMs)],
    );
    return this.count(rows[0], now, windowMs);
  }

  async refund(key: string, windowMs: number): Promise<void> {
    const now = this.clock();
    await this.pool.query(
      'update security.rate_limits set hits = greatest(hits - 1, 0) where key = $1 and window_start > $2',
      [key, new Date(now.getTime() - windowMs)],
    );
  }

  /** Rows of windows long over are useless: drop them once every thousand hits. */
  private async sweepNowAndThen(now: Date): Promise<void> {
    if (++this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    await this.pool.query('delete from security.rate_limits where window_start < $1', [
      new Date(now.getTime() - 24 * 60 * 60 * 1000),
    ]);
  }
}
