import { PostgresEventStore, PostgresPiiVault } from '@nocturne/events';
import { insertHistory } from '../testing/insert-history';
import { mixedHistory } from '../testing/mixed-history';

const url = process.env.DATABASE_URL!;
const store = await PostgresEventStore.connect({ connectionString: url });
const vault = await PostgresPiiVault.connect(url);
const h = await mixedHistory(vault, Number(process.argv[2]), 5);
console.log(await insertHistory(url, h));
for (const s of h.destroyedSubjects) await vault.destroy(s);
await vault.close();
await store.close();
