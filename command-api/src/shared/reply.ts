import type { FastifyReply } from 'fastify';
import type { CommandApiDeps } from '../deps';

/**
 * True when the append itself has already told the notifier's listeners: the PostgreSQL store's
 * append raises `es_appended` once per group at commit, and the PostgreSQL notifier listens on
 * that channel of the same database. A second notification per command would only queue behind
 * the database's notify lock.
 */
function appendAlreadyNotified(deps: Pick<CommandApiDeps, 'notifier' | 'store'>): boolean {
  return deps.store.kind === 'postgres' && deps.notifier.kind === 'postgres';
}

/**
 * Every successful command answers with the global position of its last event
 * (read-your-writes: docs/architecture.md) and hints the projector that there is work, unless
 * the append already did.
 */
export function withPosition(
  reply: FastifyReply,
  deps: Pick<CommandApiDeps, 'notifier' | 'store'>,
  position: number,
) {
  reply.header('X-Event-Position', String(position));
  announceAppended(deps, position);
  return reply;
}

/** Hints the projector that there is work up to `position`, unless the append already did. */
export function announceAppended(deps: Pick<CommandApiDeps, 'notifier' | 'store'>, position: number): void {
  if (!appendAlreadyNotified(deps)) deps.notifier.publishAppended(position);
}
