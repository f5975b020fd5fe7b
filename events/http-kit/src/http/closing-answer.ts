import type { FastifyInstance } from 'fastify';

/** Seconds a client waits before asking again: by then another process, or this one restarted, answers. */
export const CLOSING_RETRY_AFTER_SECONDS = 1;
export const closingDetail = 'The server is restarting. Nothing was saved; please try again in a moment.';

/**
 * Fastify's options for a server whose requests arriving while it closes are answered by
 * {@link answerWhileClosing}: Fastify's own answer to them is a 503 whose body has no `detail`
 * and no `Retry-After`, outside the API's contract, and the SPA would not ask again.
 *
 * @example
 * const app = Fastify({ ...ANSWER_WHILE_CLOSING, logger: false });
 * answerWhileClosing(app);
 */
export const ANSWER_WHILE_CLOSING = { return503OnClosing: false } as const;

/**
 * From the moment `app.close()` starts, every request that still reaches the server (on a
 * connection already open: a new one is refused) is answered 503 with `Retry-After` and the
 * problem document, before any of its work runs: what it needs may be closing under it. The
 * client's one retry then reaches a server that is up. Call it first, before any other `preClose`
 * hook, so no request slips in while an earlier hook waits.
 */
export function answerWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request, and costs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply
      .status(503)
      .headers({ 'Retry-After': String(CLOSING_RETRY_AFTER_SECONDS), Connection: 'close' })
      .send({ detail: closingDetail });
  });
}
