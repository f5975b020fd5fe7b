import type { ReadModel } from '@nocturne/projector/read-model/schema';
import type { Kysely } from 'kysely';
import type { Consistency } from './consistency';

export interface QueryApiOptions {
  secret: string;
  dataDir: string;
}

/** Everything query-api needs, passed in. */
export interface QueryApiDeps {
  db: Kysely<ReadModel>;
  consistency: Consistency;
  options: QueryApiOptions;
  clock: () => Date;
}
