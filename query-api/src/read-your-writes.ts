import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Consistency } from './consistency';

/** How long a client should wait before asking again after the read models did not catch up. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * The position a request must see (X-Min-Position), as the hook below has already validated and
 * waited for it; 0 without one.
 */
export function minPositionOf(request: FastifyRequest): number {
  const header = request.headers['x-min-position'];
  return typeof header === 'string' ? Number(header) : 0;
}

/**
 * Read-your-writes on every query. A request with X-Min-Position waits
 * (bounded) until the read models reach it; a position beyond the log's head is a 400 at once
 * (nothing can ever satisfy it); a wait that times out is a 503 with Retry-After, never a stale
 * answer that looks fresh. Every answer says in X-Projected-Position what it was read at (at
 * least): a route that knows better (the cached list) sets it itself.
 */
export function readYourWrites(app: FastifyInstance, consistency: Consistency): void {
  const waitForPosition = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-min-position'];
    // An event position as this server wrote it (digits only): anything else is a 400, where
    // `Number()` would have read "0x10", "1e3" or " 1" as a position to wait for.
    if (typeof header !== 'string' || !/^[0-9]{1,15}$/.test(header)) {
      return reply.status(400).send({ detail: 'X-Min-Position must be an event position (a whole number)' });
    }
    const position = Number(header);
    if (position === 0) return;
    const result = await consistency.waitFor(position);
    if (result.kind === 'beyond-head') {
      // The head lets a client whose position came from an older log (a reset) start over.
      return reply
        .status(400)
        .header('X-Event-Log-Head', String(result.head))
        .send({
          detail: `X-Min-Position ${position} is beyond the event log's head (${result.head}): nothing can reach it`,
        });
    }
    if (result.kind === 'timeout') {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('X-Projected-Position', String(result.projected))
        .send({
          detail: `The read models have not reached position ${position} yet (they are at ${result.projected}); try again shortly`,
        });
    }
  };
  // Callback hooks, not async ones: a request without X-Min-Position (most of them) goes on at
  // once, without a promise and a turn of the microtask queue per hook.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers['x-min-position'] === undefined) return done();
    waitForPosition(request, reply).then(() => done(), done);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('X-Projected-Position')) {
      reply.header('X-Projected-Position', String(consistency.known()));
    }
    done(null, payload);
  });
}
