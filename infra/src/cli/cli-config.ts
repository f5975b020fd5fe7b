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
