import type { Story } from '@nocturne/domain';
import {
  apiSchema,
  type CachedBody,
  cachedBody,
  hotAnswer,
  jsonArray,
  sendCached,
  sendPrepared,
} from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { hiddenWarningsOf } from '../labels/hidden-warnings';
import { minPositionOf } from '../read-your-writes';
import { ANONYMOUS_LIST_CACHE_CONTROL, anonymousListAnswer, LIST_VARY } from './list/anonymous-list-answer';
import { creatorFilterFrom, ratingFilterFrom, tagFilterFrom } from './list/label-filter';
import { DEFAULT_PAGE_SIZE, type PageRequest, pageRequestFrom } from './list/paging';
import { PersonalAnswers } from './list/personal-answers';
import type { ListedStory, StoryListCache } from './list/story-list-cache';
import { isVisitorGet } from './list/visitor-get';
import { coverStory, fullStory, StoryAnswerSchema } from './story-answer';
import { signerFor, unlockedBy, viewerOf } from './viewer';

/** A page says where the next one starts and how many stories there are in all (the profile's "Showing N of T"). */
function setPaging(reply: FastifyReply, nextCursor: string | null, total: number) {
  reply.header('X-Total-Count', String(total));
  if (nextCursor) reply.header('X-Next-Cursor', nextCursor);
}

/** A reader's answer as kept briefly: the bytes, and the page's paging headers. */
interface PersonalAnswer {
  body: CachedBody;
  nextCursor: string | null;
  total: number;
}

const listDoc = apiSchema({
  summary:
    'The published stories, newest first, one page at a time (premium ones locked unless the viewer may read them)',
  tags: ['stories'],
  ok: {
    200: {
      description: 'The stories',
      schema: z.array(StoryAnswerSchema),
    },
    304: { description: 'If-None-Match names the answer this viewer would get (its ETag): no body' },
  },
  querystring: z.object({
    limit: z
      .string()
      .optional()
      .describe(`One page of at most this many stories (1 to 100); without it, ${DEFAULT_PAGE_SIZE}`),
    cursor: z
      .string()
      .optional()
      .describe("Where the page starts: the previous page's X-Next-Cursor (opaque)"),
    tag: z.string().optional().describe('Only the stories carrying this tag (paged the same way)'),
    creator: z
      .string()
      .optional()
      .describe("Only this creator's stories: their handle (/creator/{handle}), paged the same way"),
    rating: z
      .enum(['general', 'mature', 'explicit'])
      .optional()
      .describe('Only the stories of this rating (paged the same way)'),
  }),
  errors: {
    400: 'A limit that is not 1 to 100, a cursor this server did not give, a tag or creator handle that cannot exist, or a rating that does not exist',
    401: 'A wrong or expired X-Admin-Code (without the header the list is public)',
  },
});

/** `?limit=`, `?cursor=` and `?tag=` only, each at most once; anything else is the handler's to read. */
function plainListRequest(query: string): { page: PageRequest; tag: string | null } | undefined {
  const given: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if ((name !== 'limit' && name !== 'cursor' && name !== 'tag') || name in given) return undefined;
    given[name] = value;
  }
  try {
    return { page: pageRequestFrom(given), tag: tagFilterFrom(given) };
  } catch {
    return undefined; // a bad limit, cursor or tag: the handler answers its 400
  }
}

/**
 * The visitors' landing and profile ask for one answer far more often than any other: the
 * anonymous story list (a page of it, or of a tag's). It is the same bytes for every visitor
 * until the stories projection moves, so a page at hand in the snapshot is answered by the
 * server's hot lane, as the handler answers it (the same `anonymousListAnswer`), without
 * Fastify's routing and hooks. Whatever needs more is the handler's: a viewer (Authorization,
 * X-Admin-Code), a read-your-writes wait (X-Min-Position), a HEAD, a creator's page, a limit,
 * cursor or tag the handler refuses, a page the snapshot has not read yet, and the time before
 * the first snapshot.
 */
function hotList(storyList: StoryListCache) {
  return hotAnswer({
    parse: ({ request, query }) => {
      if (!isVisitorGet(request)) return undefined;
      const asked = plainListRequest(query ?? '');
      const snapshot = asked && storyList.peek();
      return snapshot ? { ...asked, snapshot, headers: request.headers } : undefined;
    },
    run: ({ snapshot, page, tag, headers }) =>
      anonymousListAnswer(snapshot, page, tag, headers['accept-encoding'], headers['if-none-match']),
  });
}

/**
 * GET /api/stories: the published stories, newest first, one page at a time: `?limit=N` (1 to
 * 100; without it, DEFAULT_PAGE_SIZE) from `?cursor=` (the previous page's X-Next-Cursor), which
 * X-Next-Cursor says when more follow; X-Total-Count says how many there are in all.
 *
 * Who may see a premium story in full here: an admin, and a user who has unlocked that story.
 * A premium member with stories left who has not opened it sees its cover (the first image,
 * unblurred, as the product shows premium members, and the first 10 words): opening it is
 * what spends one of their 30. Everyone else gets the locked entry: only the blurred preview
 * and the first 10 words of the first text.
 * An admin's entries also say how many slides each story has.
 *
 * Served from the snapshot (list/story-list-cache.ts): a page among its newest stories from
 * memory as kept bytes, any other by index from the read model (then kept, bounded); a reader's
 * answer is that page with their own overlay (the premium stories they unlocked, covers signed
 * for them), never a table scan. `?tag=` keeps the stories carrying that tag; a logged-in
 * reader's list leaves out the stories with a warning they chose to hide
 * (PUT /api/me/hidden-warnings).
 */
export const listStoriesRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const personalAnswers = new PersonalAnswers<PersonalAnswer>();
  app.get(
    '/api/stories',
    { schema: listDoc, config: { hotAnswer: hotList(deps.storyList) } },
    async (request, reply) => {
      const page = pageRequestFrom(request.query);
      const tag = tagFilterFrom(request.query);
      const creator = creatorFilterFrom(request.query);
      const rating = ratingFilterFrom(request.query);
      const snapshot = await deps.storyList.current(minPositionOf(request));
      const authorization = request.headers.authorization;
      const serialised = (items: readonly ListedStory[]) => cachedBody(jsonArray(items.map((s) => s.json)));
      if (request.admin) {
        reply.header('Cache-Control', 'private, no-cache');
        const signer = signerFor(await viewerOf(request, deps), deps);
        const { items, nextCursor, total } = await snapshot.page(page, { tag, creator, rating, hidden: [] });
        reply.header('X-Projected-Position', String(snapshot.position)).header('Vary', LIST_VARY);
        setPaging(reply, nextCursor, total);
        return items.map((s): Story => ({ ...fullStory(s.row, signer), slides: s.row.slides.length }));
      }

      if (!authorization) {
        // The same answer as the hot answer above, when nothing else is asked; a page the snapshot
        // does not hold yet is read first.
        const { headers } = request;
        // A creator's or a rating's page is never among the hot lane's kept answers.
        const answer = () =>
          creator === null && rating === null
            ? anonymousListAnswer(snapshot, page, tag, headers['accept-encoding'], headers['if-none-match'])
            : undefined;
        const prepared = answer();
        if (prepared) return sendPrepared(reply, prepared);
        const read = await snapshot.page(page, { tag, creator, rating, hidden: [] });
        const kept = answer();
        if (kept) return sendPrepared(reply, kept);
        // Not kept (a page larger than the snapshot keeps): serialised for this request alone.
        reply.header('X-Projected-Position', String(snapshot.position)).header('Vary', LIST_VARY);
        reply.header('Cache-Control', ANONYMOUS_LIST_CACHE_CONTROL);
        setPaging(reply, read.nextCursor, read.total);
        return sendCached(request, reply, serialised(read.items));
      }
      reply.header('X-Projected-Position', String(snapshot.position)).header('Vary', LIST_VARY);
      const send = (answer: PersonalAnswer) => {
        setPaging(reply, answer.nextCursor, answer.total);
        return sendCached(request, reply, answer.body);
      };

      reply.header('Cache-Control', 'private, no-cache');
      // A reader's answer: kept briefly, and made once for the requests of one reader that come
      // while it is being made (list/personal-answers.ts).
      const readerAnswer = async (): Promise<PersonalAnswer> => {
        const viewer = await viewerOf(request, deps);
        const signer = signerFor(viewer, deps);
        // A reader's list leaves out the stories with a warning they chose to hide.
        const hidden = [...new Set(await hiddenWarningsOf(deps, viewer.user?.userKey))].sort();
        const [{ items, nextCursor, total }, unlocked] = await Promise.all([
          snapshot.page(page, { tag, creator, rating, hidden }),
          unlockedBy(deps, viewer.user),
        ]);
        const mayUnlock = Boolean(viewer.user?.premium_member && viewer.user.premium_stories_remaining > 0);
        const entry = (s: ListedStory): string => {
          if (!s.row.is_premium || !signer) return s.json;
          if (unlocked.has(s.row.id)) return JSON.stringify(fullStory(s.row, signer));
          return mayUnlock ? JSON.stringify(coverStory(s.row, signer)) : s.json;
        };
        // A reader without premium who hides nothing sees exactly the anonymous page: its kept bytes, privately.
        const kept =
          unlocked.size === 0 &&
          !mayUnlock &&
          hidden.length === 0 &&
          tag === null &&
          creator === null &&
          rating === null;
        const body = (kept && snapshot.anonymousPage(page)?.body) || cachedBody(jsonArray(items.map(entry)));
        return { body, nextCursor, total };
      };
      const key = PersonalAnswers.key(
        authorization,
        snapshot.position,
        deps.consistency.known(),
        request.url,
      );
      return send(await personalAnswers.answer(key, readerAnswer));
    },
  );
};
