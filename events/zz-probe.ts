import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore, WrongExpectedRevisionError } from '@nocturne/events';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const name = `zz_probe_${Date.now()}`;
await admin.query(`create database ${name}`);
const store = await PostgresEventStore.connect({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
const ev = () => ({ eventId: randomUUID(), type: 'T', data: { a: 1 }, metadata: {} });
const mode = process.argv[2];
let t = Date.now(); let attempts = 0; let done = 0;
await Promise.all(Array.from({ length: Number(process.argv[3] ?? 8) }, async () => {
  const known = new Map<string, number>();
  while (done < 1000) {
    const s = `s${Math.floor(Math.random() * (mode === 'own' ? 1000 : 16))}`;
    for (;;) { attempts++; const r = known.get(s) ?? -1;
      try { const res = await store.append(s, [ev()], r === -1 ? 'no_stream' : r); known.set(s, res.nextRevision); done++; break; }
      catch (e) { if (!(e instanceof WrongExpectedRevisionError)) throw e; known.set(s, e.actual); } }
  }
}));
console.log(mode, 'ms/attempt', ((Date.now() - t) / attempts).toFixed(2), 'attempts', attempts, 'total ms', Date.now() - t);
await store.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
