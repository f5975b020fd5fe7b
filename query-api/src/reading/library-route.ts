import { accountMessages } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AgeGate } from '../age-assurance/age-gate';
import { explicitAccessOf } from '../age-assurance/explicit-access';
import type { QueryApiDeps } from '../deps';
import { StoryAnswerSchema, storyFor, withExplicitAccess } from '../stories/story-answer';
import { signerFor, unlockedBy, viewerOf } from '../stories/viewer';
import { shelfCursor, shelfPageFrom } from './library-paging';
import { shelfQuery } from './shelves';

export const SHELVES = ['continue', 'saved', 'read', 'unlocked', 'following'] as const;
const Shelf = z.enum(SHELVES);

const LibraryQuery = z.object({
  shelf: z
    .string()
    .describe('continue (started, not finished), saved, read, or unlocked (premium stories opened)'),
  limit: z.string().optional().describe('One page of at most this many stories (1 to 100); without it, all'),
  cursor: z.string().optional().describe("Where the page starts: the previous page's X-Next-Cursor (opaque)"),
});

const libraryDoc = apiSchema({
  summary: "One shelf of the logged-in reader's library, most recent first",
  tags: ['reading'],
  security: ['user'],
  querystring: LibraryQuery,
  ok: {
    200: {
      description: 'The stories, as GET /api/stories shows them to this reader',
      schema: z.array(StoryAnswerSchema),
    },
  },
  errors: {
    400: 'An unknown shelf, a limit that is not 1 to 100, or a cursor this server did not give',
    401: 'Not authenticated',
  },
});

/**
 * GET /api/me/library?shelf=continue|saved|read|unlocked|following: the reader's own shelf, newest activity
 * first, each story in the list's shape for this reader (premium ones in full only when unlocked).
 * Private: answered with no-store, never from the anonymous list's cache. Paged like the list
 * (X-Next-Cursor, X-Total-Count) when `limit` is given. An Explicit story, while the reader must
 * be assured to be an adult and is not (an earlier assurance expired), shows as its card.
 */
export const libraryRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const gate = new AgeGate(deps.options);
  app.get('/api/me/library', { schema: libraryDoc }, async (request, reply) => {
    const viewer = await viewerOf(request, deps);
    const user = viewer.user;
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    const query = (request.query ?? {}) as Record<string, unknown>;
    const shelf = Shelf.safeParse(query.shelf);
    if (!shelf.success) throw new HttpError(400, `shelf must be one of ${SHELVES.join(', ')}`);
    const page = shelfPageFrom(query);

    const rows = await shelfQuery(deps.db, user, shelf.data).execute();
    const items = page ? rows.slice(page.offset, page.offset + page.limit) : rows;
    if (page) {
      reply.header('X-Total-Count', String(rows.length));
      const next = page.offset + page.limit;
      if (next < rows.length) reply.header('X-Next-Cursor', shelfCursor(next));
    }
    const signer = signerFor(viewer, deps);
    const [unlocked, explicit] = await Promise.all([
      unlockedBy(deps, user),
      explicitAccessOf(gate, request.headers, viewer, signer, deps),
    ]);
    const access = { signer, unlocked, mayUnlock: user.premium_member && user.premium_stories_remaining > 0 };
    reply.header('Cache-Control', 'private, no-store');
    return items.map((row) => withExplicitAccess(row, explicit, () => storyFor(row, access)));
  });
};
