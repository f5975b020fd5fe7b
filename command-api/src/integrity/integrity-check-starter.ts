import type { IntegrityCheckKind, IntegrityCheckView } from '@nocturne/domain';

/**
 * Starts an integrity check in the background (infra runs it: it needs the projections and the
 * store's database) and answers its state; a check of that kind already running is answered
 * instead of a second one.
 */
export interface IntegrityCheckStarter {
  start(kind: IntegrityCheckKind): Promise<IntegrityCheckView>;
}
