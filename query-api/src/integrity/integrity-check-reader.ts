import type { IntegrityCheckKind, IntegrityCheckView } from '@nocturne/domain';

/** The last integrity check of a kind, its progress and outcome (infra keeps them). */
export interface IntegrityCheckReader {
  read(kind: IntegrityCheckKind): Promise<IntegrityCheckView>;
}
