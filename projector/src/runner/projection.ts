import type { EventType, RecordedEvent } from '@nocturne/events';
import type { PiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import type { ReadModel } from '../read-model/schema';

/**
 * The batch's connection, inside the transaction that also moves the checkpoints. A Kysely on
 * one connection rather than Kysely's `Transaction`: the runner opens the transaction itself, in
 * the same message as its first statements (projection-runner.ts). A test may pass a
 * `Transaction` of its own.
 */
export type BatchTransaction = Kysely<ReadModel>;

export interface ProjectionContext {
  /** Decrypts personal fields; null once their owner has been erased. */
  vault: PiiVault;
}

/**
 * Events -> rows, a batch at a time. `applyBatch` gets the batch's events of the types in
 * `handles` that are above this projection's checkpoint, in log order, and runs inside the
 * transaction that also moves the checkpoint, so rows and checkpoint commit together or not at
 * all. It folds the events in memory per key and writes each table with a few set-based
 * statements, whatever the batch's size: the result must be the same as applying the events one
 * at a time, for any cut of the log into batches (the crash test and the runner's test compare
 * batch sizes). It must be deterministic: a rebuild from position 0 must produce the same rows
 * (use event times, never `now()`).
 */
export interface Projection {
  readonly name: string;
  readonly handles: readonly EventType[];
  applyBatch(
    trx: BatchTransaction,
    events: readonly RecordedEvent[],
    context: ProjectionContext,
  ): Promise<void>;
}
