import { runAudit } from './audit';
import { cliConfig } from './cli-config';

/** `npm run audit -- --email <address> [--as-of <ISO time>] [--json]` (see ./audit.ts). */
async function main(): Promise<number> {
  const { config, database } = await cliConfig();
  try {
    return await runAudit(process.argv.slice(2), config);
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Audit failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
