import { HttpError } from '@nocturne/http-kit';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { ListSnapshot } from './list-snapshot';
import { listed } from './listed-story';
import { mergedSnapshot } from './snapshot-merge';
import { readChanges, readNewestStories } from './snapshot-reads';

/** How many of the newest stories a snapshot keeps by default: the first pages of every visitor. */
export const KEPT_NEWEST = 1000;

export interface StoryListCacheOptions {
  /** How old the last position check may be before a request triggers another (ms). */
  checkEveryMs?: number;
  /** How many of the newest stories a snapshot keeps in memory (KEPT_NEWEST). */
  keepNewest?: number;
}

/**
 * The story list, its newest stories kept serialised in memory (the rest read by index, see
 * list-snapshot.ts) and keyed by the position of the stories projection it was read at. It is
 * replaced when that projection moves: the projector's "projected up to P" wakes it, and since
 * notifications are hints, a request after `checkEveryMs` without one also checks the checkpoint
 * (in the background). A request that must see position P (X-Min-Position, already waited for by
 * the read-your-writes hook, so the read models hold it) waits for a snapshot at P or later. The
 * snapshot is read in one statement (checkpoint and rows from one snapshot of the database,
 * snapshot-reads.ts), so two processes never serve different answers for one position.
 */
export class StoryListCache {
  private snapshot: ListSnapshot | undefined;
  /** The identity (OID) of the stories table the snapshot was read from: a rebuild swaps in another. */
  private table: string | undefined;
  /** When the database server the snapshot was read from started: another after any restart. */
  private epoch: string | undefined;
  private loading: Promise<ListSnapshot> | undefined;
  private heard = 0;
  /** A notification came while a load was under way (which may have read before it): load again after. */
  private stale = false;
  private checkedAt = 0;
  private readonly checkEveryMs: number;
  private readonly keepNewest: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<ReadModel>,
    notifier: Pick<Notifier, 'onProjected'>,
    options: StoryListCacheOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 1000;
    this.keepNewest = options.keepNewest ?? KEPT_NEWEST;
    this.unsubscribe = notifier.onProjected((position) => {
      if (position <= this.heard) return;
      this.heard = position;
      if (!this.snapshot || position <= this.snapshot.position) return;
      if (this.loading) this.stale = true;
      else this.refreshInBackground();
    });
  }

  /**
   * The snapshot in hand, without waiting (undefined before the first load); like `current()`,
   * it has the position checked in the background when the last check is older than
   * `checkEveryMs`.
   */
  peek(): ListSnapshot | undefined {
    if (this.snapshot) this.checkIfDue();
    return this.snapshot;
  }

  /** A snapshot at `minPosition` or later (0: the current one, checked now and then). */
  async current(minPosition = 0): Promise<ListSnapshot> {
    let snapshot = this.snapshot ?? (await this.load());
    // A load that began before the read models reached minPosition may come back below it: one
    // more then starts after. Bounded: the read-your-writes hook has seen the read models there.
    for (let attempt = 0; snapshot.position < minPosition; attempt++) {
      if (attempt === 3) {
        throw new HttpError(
          503,
          `The story list has not reached position ${minPosition} yet (it is at ${snapshot.position}); try again shortly`,
          { 'Retry-After': '1' },
        );
      }
      snapshot = await this.load();
    }
    this.checkIfDue();
    return snapshot;
  }

  close(): void {
    this.unsubscribe();
  }

  /** The checkpoint checked in the background when the last check is older than checkEveryMs. */
  private checkIfDue(): void {
    if (Date.now() - this.checkedAt > this.checkEveryMs) this.refreshInBackground();
  }

  private refreshInBackground(): void {
    this.load().catch(() => {
      // The next request or notification tries again; the snapshot in hand stays valid for its position.
    });
  }

  /** One load at a time; a caller that needs a later one loops (see current). */
  private load(): Promise<ListSnapshot> {
    if (!this.loading) {
      this.checkedAt = Date.now();
      this.loading = this.read().finally(() => {
        this.loading = undefined;
        if (this.stale) {
          this.stale = false;
          this.refreshInBackground();
        }
      });
    }
    return this.loading;
  }

  private async read(): Promise<ListSnapshot> {
    const previous = this.snapshot;
    const read = previous ? await readChanges(this.db, previous.position) : undefined;
    // A database that restarted (a crash above all) may have lost what the snapshot in hand was
    // read from: batches committed without waiting for the disk, and the events they projected,
    // which were visible before they were durable. Its positions may then be taken again by
    // other events, so neither the position nor the rows changed since say what changed: the
    // list is read again, and replaces the one in hand even at a lower position.
    const restarted = previous !== undefined && read !== undefined && read.epoch !== this.epoch;
    if (previous && read && !restarted && previous.position === read.checkpoint) return previous;
    // What changed since the snapshot in hand, merged into it; the newest stories read again
    // instead after a rebuild (another table: the rows changed before the swap may differ too)
    // or a deletion. When no story changed (the projection moved for other events), the stories
    // and what was made from them stay.
    const incremental = previous && read && !restarted && read.table === this.table && !read.deletions;
    let snapshot: ListSnapshot;
    let table: string;
    let epoch: string;
    if (incremental && read.rows.length === 0) {
      snapshot = previous.at(read.checkpoint);
      ({ table, epoch } = read);
    } else if (incremental) {
      snapshot = mergedSnapshot(previous, read, this.keepNewest);
      ({ table, epoch } = read);
    } else {
      const whole = await readNewestStories(this.db, this.keepNewest);
      snapshot = new ListSnapshot(
        whole.checkpoint,
        whole.rows.map(listed),
        whole.total,
        new Set(whole.hiddenIds),
        this.db,
      );
      ({ table, epoch } = whole);
    }
    // Never step back (a slower load finishing after a newer one), unless the database restarted.
    if (!this.snapshot || snapshot.position >= this.snapshot.position || epoch !== this.epoch) {
      this.snapshot = snapshot;
      this.table = table;
      this.epoch = epoch;
    }
    return this.snapshot;
  }
}
