import { parseArgs } from 'node:util';
import { MAINTENANCE_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { projections } from '../projections';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../read-model/database';
import { ProjectionRunner } from '../runner/projection-runner';
import { openCliConnections } from './connections';

/**
 * Runs the projections until the read model has caught up with the store's head, then exits.
 * The crash test kills this process at random points; it is also a handy "project now" tool.
 *
 *   tsx projector/src/cli/project.ts --database-url postgres://... [--eventstore-url esdb://...]
 *     [--schema read_model] [--batch-size 5000] [--progress]
 *
 * With --progress it prints `projected <position> <events>` after every committed batch.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'eventstore-url': { type: 'string' },
      schema: { type: 'string', default: LIVE_SCHEMA },
      'batch-size': { type: 'string', default: '5000' },
      progress: { type: 'boolean', default: false },
    },
  });
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error('--batch-size must be a positive integer');
  const databaseUrl = values['database-url'];
  if (!databaseUrl) throw new Error('--database-url is required');
  const connections = await openCliConnections({ databaseUrl, eventStoreUrl: values['eventstore-url'] });
  await migrateReadModel(connections.databaseUrl, values.schema);
  const db = createReadModelDb(connections.databaseUrl, values.schema, 2, MAINTENANCE_POOL_TIMEOUTS);
  try {
    const runner = new ProjectionRunner({
      store: connections.store,
      db,
      projections,
      vault: connections.vault,
      // This tool only catches up: every batch is a catch-up batch of this size.
      batchSize,
      catchUpBatchSize: batchSize,
      onBatch: values.progress
        ? (position, events) => process.stdout.write(`projected ${position} ${events}\n`)
        : undefined,
    });
    const position = await runner.catchUp();
    process.stdout.write(`caught up at ${position}\n`);
  } finally {
    await db.destroy();
    await connections.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
