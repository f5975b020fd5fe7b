import type { Notifier } from '@nocturne/events/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';

/**
 * Read-your-writes (design.md section 6): a query that carries X-Min-Position waits, at most
 * `timeoutMs`, until every projection has applied that position. Woken by the projector's
 * "projected up to P" message; polls as well, since that message is only a hint.
 */
export class Consistency {
  constructor(
    private readonly db: Kysely<ReadModel>,
    private readonly notifier: Notifier,
    private readonly timeoutMs = 2000,
    private readonly pollMs = 100,
  ) {}

  /**
   * The position every running projection has reached. A stopped one (it could not apply an
   * event; /readyz says so) is left out: waiting for it would only make every read time out.
   */
  async projectedPosition(): Promise<number> {
    const row = await this.db
      .selectFrom('projection_checkpoints')
      .select((eb) => eb.fn.min('position').as('position'))
      .where('stopped_position', 'is', null)
      .executeTakeFirst();
    return Number(row?.position ?? 0);
  }

  /** Resolves true once `position` is projected, false when the wait times out. */
  async waitFor(position: number): Promise<boolean> {
    if ((await this.projectedPosition()) >= position) return true;
    const deadline = Date.now() + this.timeoutMs;
    let wake: () => void = () => {};
    const unsubscribe = this.notifier.onProjected((projected) => {
      if (projected >= position) wake();
    });
    try {
      while (Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(this.pollMs, deadline - Date.now()));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if ((await this.projectedPosition()) >= position) return true;
      }
      return false;
    } finally {
      unsubscribe();
    }
  }
}
