import { runRebuild } from '@nocturne/projector/cli/rebuild';
import { cliConfig } from './cli-config';

/**
 * `npm run rebuild`: projector/src/cli/rebuild.ts (progress bar, swap) with the configuration of
 * `npm start`, passed as arguments. Without DATABASE_URL: the embedded PostgreSQL under
 * DATA_DIR, reused if the product is running, else started for the rebuild and stopped after it.
 */
const { config, database } = await cliConfig();
try {
  await runRebuild({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
} catch (error) {
  console.error(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
