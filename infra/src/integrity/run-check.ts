import type { IntegrityCheckKind, IntegrityOutcome } from '@nocturne/domain';
import type { EventStore } from '@nocturne/events/store';
import { describeChainVerdict, verifyHashChain } from '@nocturne/events/store/postgres/verify-chain';
import { describeReadModelVerdict, projections, verifyReadModels } from '@nocturne/projector';
import type { PiiVault } from '@nocturne/vault';

/** Where a check reads: the product's database, its event store and vault. */
export interface CheckSources {
  databaseUrl: string;
  /** Set when the events are in EventStoreDB (EVENTSTORE_URL): it keeps no hash chain here. */
  eventStoreUrl: string | undefined;
  store: EventStore;
  vault: PiiVault;
}

export interface CheckProgress {
  phase: string;
  done: number;
  total: number;
}

/** Said when the log is in EventStoreDB: the README says what holds instead. */
export const NO_CHAIN_IN_ESDB =
  'The hash chain is kept by the PostgreSQL event store; with EventStoreDB (EVENTSTORE_URL) there is none to verify.';

/** Runs one integrity check to its outcome (the panel's and the command line's one path). */
export async function runIntegrityCheck(
  kind: IntegrityCheckKind,
  sources: CheckSources,
  onProgress: (progress: CheckProgress) => void,
  noted?: { position: number; hash: string },
): Promise<IntegrityOutcome> {
  if (kind === 'log') {
    if (sources.eventStoreUrl) throw new Error(NO_CHAIN_IN_ESDB);
    const verdict = await verifyHashChain(sources.databaseUrl, {
      noted,
      onProgress: ({ position, head }) => onProgress({ phase: 'hashing', done: position, total: head }),
    });
    return {
      ok: verdict.intact,
      summary: describeChainVerdict(verdict),
      position: verdict.intact ? verdict.through : verdict.position,
      head_hash: verdict.intact ? verdict.headHash : null,
      differences: [],
    };
  }
  const result = await verifyReadModels({
    databaseUrl: sources.databaseUrl,
    store: sources.store,
    vault: sources.vault,
    projections,
    onProgress,
  });
  return {
    ok: result.differences.length === 0,
    summary: describeReadModelVerdict(result),
    position: result.position,
    head_hash: null,
    differences: result.differences,
  };
}
