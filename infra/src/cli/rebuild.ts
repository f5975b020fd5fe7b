import { cliConfig } from './cli-config';

/**
 * `npm run rebuild`: projector/src/cli/rebuild.ts (progress bar, swap) with the database of
 * `npm start` when DATABASE_URL is unset: the embedded PostgreSQL under DATA_DIR, reused if the
 * product is running, else started for the rebuild and stopped when it is done.
 */
const { config, database } = await cliConfig();
process.env.DATABASE_URL = config.databaseUrl;
let stopped = false;
// The rebuild ends by closing its connections: then stop a database started for it.
process.on('beforeExit', () => {
  if (stopped) return;
  stopped = true;
  void database.stop();
});
await import('@nocturne/projector/cli/rebuild');
