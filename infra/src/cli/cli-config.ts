import { type AppConfig, parseConfigOrExit, resolveConfig } from '../config';
import { type ProvisionedDatabase, provisionDatabase } from '../launcher/provision';

/**
 * The configuration of a command-line tool (audit, rebuild): the same variables as `npm start`.
 * Without DATABASE_URL it uses the embedded PostgreSQL under DATA_DIR — the running one of
 * `npm start` if there is one (left running), else started for the tool and stopped after it.
 * Messages go to stderr so that the tool's own output stays clean.
 */
export async function cliConfig(): Promise<{ config: AppConfig; database: ProvisionedDatabase }> {
  const log = (line: string) => console.error(`[nocturne] ${line}`);
  const raw = parseConfigOrExit(process.env);
  const database = await provisionDatabase(raw, log, 'borrow');
  return { config: resolveConfig(raw, database.url).config, database };
}

/**
 * The whole of a tool's entry point: `run` with the command line and the configuration, the
 * database stopped after it (if the tool started it), and the process's exit code from `run`; an
 * error is printed as `<name> failed: <message>` and exits with `failureCode`.
 */
export function runCli(
  name: string,
  failureCode: number,
  run: (args: string[], config: AppConfig) => Promise<number>,
): void {
  const main = async () => {
    const { config, database } = await cliConfig();
    try {
      return await run(process.argv.slice(2), config);
    } finally {
      await database.stop();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(failureCode);
    },
  );
}
