import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `work` in a fresh database of the server at `adminUrl` (whose user may create
 * databases), dropped afterwards. FORCE only as a last resort: a pool whose connection is
 * terminated by it while closing reports an error nobody listens to.
 */
export async function withBenchDatabase<T>(
  adminUrl: string,
  label: string,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `nt_bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await admin.query(`drop database if exists "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
}
