import type { Story } from '@nocturne/domain';
import { apiSchema, HttpError, tooMany } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AGE_VARY, AgeGate } from '../age-assurance/age-gate';
import { explicitAccessOf } from '../age-assurance/explicit-access';
import type { QueryApiDeps } from '../deps';
import { minPositionOf } from '../read-your-writes';
import {
  coverStory,
  fullStory,
  lockedStory,
  StoryAnswerSchema,
  withExplicitAccess,
} from '../stories/story-answer';
import { signerFor, unlockedBy, viewerOf } from '../stories/viewer';
import { SearchQueueFull, type SearchScope, StoryFinder } from './find-stories';
import { MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT, searchRequestFrom } from './search-request';

const LOGIN_REQUIRED = 'Log in to search the stories';
const SEARCH_BUSY = 'Search is busy. Please try again in a moment.';
const TOO_MANY_SEARCHES = 'Too many searches. Please wait a minute and try again.';

/** Searches an account may make a minute (a person types a few; a script rebuilding texts, many). */
export const SEARCHES_PER_MINUTE = 30;

const searchDoc = apiSchema({
  summary:
    'Stories whose texts or tags hold the words, best match first (premium ones locked unless the viewer may read them)',
  tags: ['stories'],
  ok: {
    200: {
      description: 'The matching stories, at most `limit`; none is an empty array',
      schema: z.array(StoryAnswerSchema),
    },
  },
  querystring: z.object({
    q: z
      .string()
      .describe(
        `The words, as a visitor types them (1 to ${MAX_QUERY_LENGTH} characters; "quotes" for a phrase, -word to exclude)`,
      ),
    limit: z.string().optional().describe(`At most this many stories (1 to ${MAX_SEARCH_LIMIT}; default 20)`),
    rating: z.enum(['general', 'mature', 'explicit']).optional().describe('Only the stories of this rating'),
  }),
  security: ['user', 'admin'],
  errors: {
    400: `No words, more than ${MAX_QUERY_LENGTH} characters, a NUL or lone surrogate, a limit that is not 1 to ${MAX_SEARCH_LIMIT}, or a rating that does not exist`,
    401: 'Neither a session nor a valid X-Admin-Code: searching is for members and admins',
    429: `More than ${SEARCHES_PER_MINUTE} searches in a minute from one account (Retry-After)`,
  },
});

/**
 * GET /api/search?q=...&limit=N: full-text search over the stories' texts and tags (the
 * story_search read model), for members on their profile and admins in the stories tab.
 *
 * The answer is the list's, per viewer: an admin gets every story in full with its slide count;
 * a member gets a premium story in full only once unlocked, its cover while they may still
 * unlock it, and otherwise its locked entry (blurred preview, opening words), never its texts.
 * What a story matches on follows what the searcher sees of it: a premium story they have not
 * unlocked matches only on its card's words (find-stories.ts, SearchScope), so a search never
 * tells them what its hidden slides say. An Explicit story, for a member who must be assured to
 * be an adult and is not, likewise: matched on its card, answered as its card (no image).
 */
export const searchRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const finder = new StoryFinder(deps.db);
  const gate = new AgeGate(deps.options);
  /** Counted per account, whatever address it searches from. */
  async function countSearch(account: string) {
    const count = await deps.limiter.hit(`search:${account}`, 60_000);
    if (count.hits > SEARCHES_PER_MINUTE) throw tooMany(count.resetInMs, TOO_MANY_SEARCHES);
  }

  app.get('/api/search', { schema: searchDoc }, async (request, reply) => {
    // Who asks first: a visitor learns nothing, not even which words would be refused.
    const viewer = await viewerOf(request, deps);
    if (!viewer.admin && !viewer.user) throw new HttpError(401, LOGIN_REQUIRED);
    const search = searchRequestFrom(request.query);
    await countSearch(viewer.admin ? `admin:${viewer.admin.session}` : `user:${viewer.user!.userKey}`);
    const signer = signerFor(viewer, deps);
    const [unlocked, access] = await Promise.all([
      viewer.admin ? new Set<string>() : unlockedBy(deps, viewer.user),
      explicitAccessOf(gate, request.headers, viewer, signer, deps),
    ]);
    // A story is matched on the words the searcher may read in it, and no others.
    const scope: SearchScope = viewer.admin
      ? { kind: 'everything' }
      : { kind: 'readable', premium: [...unlocked], explicitByCard: access.kind === 'gated' };
    // The list's snapshot holds the newest stories' rows: as fresh as the list, and at least at
    // the request's X-Min-Position.
    const snapshot = await deps.storyList.current(minPositionOf(request));
    const atHand = (id: string) => snapshot.story(id)?.row;
    const rows = await finder.find(search, scope, atHand).catch((error: unknown) => {
      if (error instanceof SearchQueueFull) throw new HttpError(503, SEARCH_BUSY, { 'Retry-After': '1' });
      throw error;
    });
    reply
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', `Authorization, X-Admin-Code, X-Min-Position, ${AGE_VARY}`);

    if (viewer.admin)
      return rows.map(
        (row): Story =>
          withExplicitAccess(row, access, () => ({ ...fullStory(row, signer), slides: row.slides.length })),
      );
    const mayUnlock = Boolean(viewer.user?.premium_member && viewer.user.premium_stories_remaining > 0);
    return rows.map(
      (row): Story =>
        withExplicitAccess(row, access, () => {
          if (!row.is_premium || unlocked.has(row.id)) return fullStory(row, signer);
          return mayUnlock && signer ? coverStory(row, signer) : lockedStory(row);
        }),
    );
  });
};
