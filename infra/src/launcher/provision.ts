import { resolve } from 'node:path';
import type { RawConfig } from '../config';
import { withoutPassword } from '../ops/logging/redact';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface ProvisionedDatabase {
  url: string;
  /** For the start banner: where the data lives. */
  description: string;
  /** Stops the embedded PostgreSQL when this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when given; otherwise the embedded PostgreSQL under DATA_DIR/postgres.
 * `borrow` is for short command-line tools (rebuild, audit): a server they start is stopped
 * at their end, but one that the launcher is running is left alone.
 */
export async function provisionDatabase(
  raw: RawConfig,
  log: (line: string) => void,
  mode: 'own' | 'borrow' = 'own',
): Promise<ProvisionedDatabase> {
  if (raw.DATABASE_URL) {
    return {
      url: raw.DATABASE_URL,
      description: `PostgreSQL at ${withoutPassword(raw.DATABASE_URL)}`,
      stop: async () => {},
    };
  }
  const embedded = await startEmbeddedPostgres(resolve(raw.DATA_DIR), log);
  return {
    url: embedded.url,
    description: `embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.dir}`,
    stop: embedded.adopted && mode === 'borrow' ? async () => {} : embedded.stop,
  };
}
