import type { FastifyReply } from 'fastify';
import type { CommandApiDeps } from '../deps';

/**
 * Every successful command answers with the global position of its last event
 * (read-your-writes, design.md section 6) and hints the projector that there is work.
 */
export function withPosition(reply: FastifyReply, deps: Pick<CommandApiDeps, 'notifier'>, position: number) {
  reply.header('X-Event-Position', String(position));
  deps.notifier.publishAppended(position);
  return reply;
}
