import { decodeEvent, PostgresEventStore } from '@nocturne/events';
import pg from 'pg';

const url = 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const name = `nt_profdecode_${Date.now()}`;
await admin.query(`create database ${name}`);
const dburl = `postgres://postgres@127.0.0.1:5432/${name}`;
const store = await PostgresEventStore.connect({ connectionString: dburl });
const { mixedHistory } = await import('/work/main/projector/src/runner/testing/mixed-history.ts');
const { insertHistory } = await import('/work/main/projector/src/runner/testing/insert-history.ts');
const vault = {
  encrypt: async (s: string, t: string) => `pii:v1:${s}:a:b:c`,
  decrypt: async () => 'x',
  destroy: async () => {},
};
const h = await mixedHistory(vault as any, 10000, 3);
await insertHistory(dburl, h);
let t = performance.now();
const all = [];
for (let after = 0; ; ) {
  const b = await store.readAll(after, 1000);
  if (!b.length) break;
  all.push(...b);
  after = b.at(-1)!.position;
}
console.log('read', Math.round(performance.now() - t));
t = performance.now();
for (const e of all) decodeEvent(e);
console.log('decode', Math.round(performance.now() - t));
t = performance.now();
const c = new pg.Client({ connectionString: dburl });
await c.connect();
for (let i = 0; i < 2000; i++) await c.query('select 1 from es_streams where stream_name = $1', ['x']);
console.log('2000 trivial queries', Math.round(performance.now() - t));
await c.end();
await store.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
