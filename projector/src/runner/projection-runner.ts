import {
  decodeEvent,
  type EventStore,
  type Notifier,
  type PiiVault,
  type RecordedEvent,
} from '@nocturne/events';
import type { Kysely, Transaction } from 'kysely';
import type { ReadModel } from '../read-model/schema';
import type { Projection } from './projection';
import { WakeableLoop } from './wakeable-loop';

export interface ProjectionRunnerOptions {
  store: EventStore;
  db: Kysely<ReadModel>;
  projections: readonly Projection[];
  vault: PiiVault;
  /** Wake-up hints in, "projected up to P" out. Optional: without it the runner only polls. */
  notifier?: Notifier | undefined;
  batchSize?: number;
  /** Called after each committed batch (progress bars, tests). */
  onBatch?: (position: number, events: number) => void;
}

class CheckpointMoved extends Error {}

/**
 * Applies events to the read models in batches. For each batch, one transaction applies the
 * events to every projection whose checkpoint is below them and moves each checkpoint by
 * compare-and-set; so a crash at any point neither loses nor double-applies an event, and two
 * runners racing on one schema cannot both commit the same batch.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly loop: WakeableLoop;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.loop = new WakeableLoop(() => this.step());
  }

  /** Makes sure every projection has a checkpoint row (position 0 for a new one). */
  async init(): Promise<void> {
    const rows = this.options.projections.map((p) => ({ name: p.name, position: 0 }));
    if (rows.length === 0) return;
    await this.options.db
      .insertInto('projection_checkpoints')
      .values(rows)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /** Lowest checkpoint over all projections: everything up to it is applied everywhere. */
  async position(): Promise<number> {
    const row = await this.options.db
      .selectFrom('projection_checkpoints')
      .select((eb) => eb.fn.min('position').as('position'))
      .where(
        'name',
        'in',
        this.options.projections.map((p) => p.name),
      )
      .executeTakeFirst();
    return Number(row?.position ?? 0);
  }

  /** Applies one batch. Returns how many events it read (0 = caught up). */
  async step(): Promise<number> {
    const from = await this.position();
    const stored = await this.options.store.readAll(from, this.batchSize);
    if (stored.length === 0) return 0;
    const events = stored.map(decodeEvent);
    const last = events.at(-1)!.position;
    try {
      await this.options.db.transaction().execute(async (trx) => {
        for (const projection of this.options.projections) {
          await this.applyBatch(trx, projection, events, last);
        }
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) return stored.length; // another runner did it; read again
      throw error;
    }
    this.options.notifier?.publishProjected(last);
    this.options.onBatch?.(last, events.length);
    return stored.length;
  }

  private async applyBatch(
    trx: Transaction<ReadModel>,
    projection: Projection,
    events: RecordedEvent[],
    last: number,
  ): Promise<void> {
    const row = await trx
      .selectFrom('projection_checkpoints')
      .select('position')
      .where('name', '=', projection.name)
      .executeTakeFirstOrThrow();
    const checkpoint = Number(row.position);
    if (checkpoint >= last) return;
    const handles = new Set<string>(projection.handles);
    for (const event of events) {
      if (event.position > checkpoint && handles.has(event.type)) {
        await projection.apply(trx, event, { vault: this.options.vault });
      }
    }
    const moved = await trx
      .updateTable('projection_checkpoints')
      .set({ position: last })
      .where('name', '=', projection.name)
      .where('position', '=', checkpoint)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new CheckpointMoved();
  }

  /** Applies batches until the read models reach `target` (default: the store's head). */
  async catchUp(target?: number): Promise<number> {
    const goal = target ?? (await this.options.store.headPosition());
    let position = await this.position();
    while (position < goal) {
      if ((await this.step()) === 0) break;
      position = await this.position();
    }
    return position;
  }

  /** Runs until stopped: catch up, then sleep until an "appended" hint or the next poll. */
  start(): void {
    this.unsubscribe = this.options.notifier?.onAppended(() => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }
}
