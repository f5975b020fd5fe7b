import { createPool } from '@nocturne/pg-kit';

/**
 * Why the product must not start on a server with this `fsync` setting, or undefined when it may.
 * With fsync off, PostgreSQL never forces its writes to disk: every answer that said "stored"
 * could be lost, or the database corrupted, by a crash of the machine. Only the operator's
 * explicit ALLOW_FSYNC_OFF (a throwaway test server, say) lets it start.
 */
export function fsyncRefusal(fsync: string, allowFsyncOff: boolean): string | undefined {
  if (fsync.trim().toLowerCase() !== 'off' || allowFsyncOff) return undefined;
  return (
    'PostgreSQL runs with fsync off: a crash of its machine can lose or corrupt what the product ' +
    'has acknowledged. Turn fsync on (postgresql.conf, then reload), or set ALLOW_FSYNC_OFF=1 ' +
    'to start anyway on a server whose data may be lost'
  );
}

/** Reads the server's fsync setting and refuses (throws) as fsyncRefusal says; says so when allowed. */
export async function checkServerDurability(
  databaseUrl: string,
  allowFsyncOff: boolean,
  log: (line: string) => void,
): Promise<void> {
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  let fsync: string;
  try {
    const { rows } = await pool.query<{ fsync: string }>('show fsync');
    fsync = rows[0]!.fsync;
  } finally {
    await pool.end();
  }
  const refusal = fsyncRefusal(fsync, allowFsyncOff);
  if (refusal) throw new Error(refusal);
  if (fsync === 'off') {
    log('PostgreSQL runs with fsync off (allowed by ALLOW_FSYNC_OFF): a crash of its machine can lose data');
  }
}
