/**
 * Advisory lock between the live projection runner and a rebuild's swap. Every batch of the
 * live runner takes it SHARED as the first statement of its transaction (runners do not block
 * each other: between themselves the checkpoint compare-and-set decides); the rebuild takes it
 * EXCLUSIVE in the transaction that renames the schemas, so no live batch is half-way through
 * the old tables while they are swapped out, and the live runner waits for the swap to commit.
 * (The event store uses 8_202_610..8_202_612.)
 */
export const READ_MODEL_SWAP_LOCK = 8_202_620;

/** Held for a whole rebuild (session lock), so two rebuilds never fill one spare schema at once. */
export const REBUILD_LOCK = 8_202_621;

/** Held by the reactor runner while it reacts (session lock), so only one process sends mail. */
export const REACTOR_LOCK = 8_202_622;

/** Held for a whole verification of the read models (session lock): one shadow schema, one filler. */
export const VERIFY_LOCK = 8_202_623;

/** Held by the leading projector process (session lock, leadership.ts); the others stand by. */
export const PROJECTOR_LEADER_LOCK = 8_202_624;
