import type { FastifyInstance } from 'fastify';

/**
 * A command answer (a session token, an account's state, a refusal) is the asker's: no cache
 * keeps it, unless a route says otherwise.
 */
export function neverStored(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
