import type { FastifyInstance } from 'fastify';

/** Who an answer differs by: the reader's session, the admin's code and the visitor's age token. */
const CREDENTIALS = ['Authorization', 'X-Admin-Code', 'X-Age-Assurance'];

/**
 * `vary` with the credentials it lacks appended, or `undefined` when it names them all. A route's
 * Vary is one of a few constant strings, so each one's answer is worked out once and kept: this
 * runs on every private answer.
 */
const varyWithCredentials = new Map<string, string | undefined>();
const MAX_KEPT_VARIES = 64;

export function withCredentials(vary: string): string | undefined {
  if (varyWithCredentials.has(vary)) return varyWithCredentials.get(vary);
  const listed = vary
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(listed.map((name) => name.toLowerCase()));
  const missing = CREDENTIALS.filter((name) => !known.has(name.toLowerCase()));
  const merged = missing.length > 0 ? [...listed, ...missing].join(', ') : undefined;
  if (varyWithCredentials.size < MAX_KEPT_VARIES) varyWithCredentials.set(vary, merged);
  return merged;
}

/**
 * Who may keep a query answer. A route whose answer is the same for everyone says so itself
 * (`public`, the visitor's story list, a free story, an image); any other answer is the asker's
 * (a user's e-mail, a premium story in full for the admin, stats, histories) or a refusal, and a
 * cache in front must never keep it for someone else: `private, no-store` unless the route chose.
 * A private answer also varies by the credentials, so that a browser's own cache never gives one
 * account's answer to another signed in after it.
 */
export function privateUnlessPublic(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
    if (/\bprivate\b/i.test(String(reply.getHeader('cache-control')))) {
      const vary = withCredentials(String(reply.getHeader('vary') ?? ''));
      if (vary !== undefined) reply.header('Vary', vary);
    }
    done(null, payload);
  });
}
