import { PostgresEventStore } from '@nocturne/events';
import pg from 'pg';
import { projections } from '../../projections';
import { createReadModelDb, migrateReadModel } from '../../read-model/database';
import { ProjectionRunner } from '../projection-runner';
import { insertHistory } from '../testing/insert-history';
import { mixedHistory } from '../testing/mixed-history';

const url = 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const name = `nt_profrun_${Date.now()}`;
await admin.query(`create database ${name}`);
const dburl = `postgres://postgres@127.0.0.1:5432/${name}`;
try {
  const store = await PostgresEventStore.connect({ connectionString: dburl });
  const vault = {
    encrypt: async (s: string) => `pii:v1:${s}:a:b:c`,
    decrypt: async () => 'x@y.z',
    destroy: async () => {},
  };
  const h = await mixedHistory(vault as any, Number(process.argv[2] ?? 10000), 3);
  await insertHistory(dburl, h);
  await migrateReadModel(dburl);
  const db = createReadModelDb(dburl);
  console.log(projections.map((p) => p.name).join(','));
  const t = performance.now();
  const r = new ProjectionRunner({
    store,
    db,
    vault: vault as any,
    projections,
    batchSize: Number(process.argv[3] ?? 500),
  });
  await r.catchUp();
  const s = (performance.now() - t) / 1000;
  console.log('events', h.count, 'seconds', s.toFixed(1), 'rate', Math.round(h.count / s));
  await db.destroy();
  await store.close();
} finally {
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
