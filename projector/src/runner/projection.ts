import type { EventType, RecordedEvent } from '@nocturne/events';
import type { PiiVault } from '@nocturne/events/pii';
import type { Transaction } from 'kysely';
import type { ReadModel } from '../read-model/schema';

export interface ProjectionContext {
  /** Decrypts personal fields; null once their owner has been erased. */
  vault: PiiVault;
}

/**
 * Events -> rows. `apply` runs inside the transaction that also moves this projection's
 * checkpoint, so rows and checkpoint commit together or not at all. It must be deterministic:
 * a rebuild from position 0 must produce the same rows (use event times, never `now()`).
 */
export interface Projection {
  readonly name: string;
  readonly handles: readonly EventType[];
  apply(trx: Transaction<ReadModel>, event: RecordedEvent, context: ProjectionContext): Promise<void>;
}
