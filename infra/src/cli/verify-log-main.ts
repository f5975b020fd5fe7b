import { cliConfig } from './cli-config';
import { runIntegrityCli } from './integrity-cli';

/** `npm run verify-log` (see ./integrity-cli.ts). */
async function main(): Promise<number> {
  const { config, database } = await cliConfig();
  try {
    return await runIntegrityCli('log', process.argv.slice(2), config);
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-log failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
