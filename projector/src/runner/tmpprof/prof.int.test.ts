import { PostgresEventStore, PostgresPiiVault } from '@nocturne/events';
import { createTestDatabase } from '@nocturne/infra/test-env/database';
import { it } from 'vitest';
import { projections } from '../../projections';
import { createReadModelDb, migrateReadModel } from '../../read-model/database';
import { ProjectionRunner } from '../projection-runner';
import { insertHistory } from '../testing/insert-history';
import { mixedHistory } from '../testing/mixed-history';

it('profile', async () => {
  const database = await createTestDatabase('prof');
  const store = await PostgresEventStore.connect({ connectionString: database.url });
  const vault = await PostgresPiiVault.connect(database.url);
  await migrateReadModel(database.url);
  let t = performance.now();
  const lap = (label: string) => {
    const n = performance.now();
    console.log(label, Math.round(n - t));
    t = n;
  };
  const history = await mixedHistory(vault, 10000, 7);
  lap(`generate ${history.count} events, ${history.appends.length} appends`);
  await insertHistory(database.url, history);
  for (const s of history.destroyedSubjects) await vault.destroy(s);
  lap('append');
  const db = createReadModelDb(database.url);
  const r = new ProjectionRunner({ store, db, vault, projections });
  await r.catchUp();
  lap('project');
  await db.destroy();
  await vault.close();
  await store.close();
  await database.drop();
});
