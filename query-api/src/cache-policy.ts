import type { FastifyInstance, FastifyReply } from 'fastify';

/** Who an answer differs by: the reader's session, the admin's code and the visitor's age token. */
const CREDENTIALS = ['Authorization', 'X-Admin-Code', 'X-Age-Assurance'];

function varyOn(reply: FastifyReply, names: readonly string[]): void {
  const current = reply.getHeader('vary');
  const listed = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(listed.map((name) => name.toLowerCase()));
  const missing = names.filter((name) => !known.has(name.toLowerCase()));
  if (missing.length > 0) reply.header('Vary', [...listed, ...missing].join(', '));
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
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
    if (/\bprivate\b/i.test(String(reply.getHeader('cache-control')))) varyOn(reply, CREDENTIALS);
    return payload;
  });
}
