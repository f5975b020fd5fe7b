import { cliConfig } from './cli-config';
import { runIntegrityCli } from './integrity-cli';

/** `npm run verify-read-models` (see ./integrity-cli.ts). */
async function main(): Promise<number> {
  const { config, database } = await cliConfig();
  try {
    return await runIntegrityCli('read-models', process.argv.slice(2), config);
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-read-models failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
