import { STORY_STATES } from '@nocturne/domain';
import { apiSchema, hotAnswer, requireAdmin, sendPrepared } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AgeGate } from '../age-assurance/age-gate';
import type { QueryApiDeps } from '../deps';
import { minPositionOf } from '../read-your-writes';
import { anonymousListAnswer } from './list/anonymous-list-answer';
import { AGE_GATED_VIEW, PUBLIC_VIEW, visitorView } from './list/anonymous-view';
import { ListAnswers } from './list/list-answers';
import { listAskedFrom, plainListAsked } from './list/list-asked';
import { DEFAULT_PAGE_SIZE } from './list/paging';
import type { StoryListCache } from './list/story-list-cache';
import { isVisitorGet } from './list/visitor-get';
import { StoryAnswerSchema } from './story-answer';

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
    state: z
      .enum(STORY_STATES)
      .optional()
      .describe(
        'published (without it, the same): the stories readers see; hidden: the ones a moderator hid, with the statement of the hide (staff only: X-Admin-Code)',
      ),
  }),
  errors: {
    400: 'A limit that is not 1 to 100, a cursor this server did not give, a tag or creator handle that cannot exist, a rating that does not exist, or a state that is not published or hidden',
    401: 'A wrong or expired X-Admin-Code (without the header the list is public), or none with state=hidden',
  },
});

/**
 * The visitors' landing and profile ask for one answer far more often than any other: the
 * anonymous story list (a page of it, or of a tag's). It is the same bytes for every visitor
 * until the stories projection moves, so a page at hand in the snapshot is answered by the
 * server's hot lane, as the handler answers it (the same `anonymousListAnswer`), without
 * Fastify's routing and hooks. Whatever needs more is the handler's: a viewer (Authorization,
 * X-Admin-Code), a read-your-writes wait (X-Min-Position), a HEAD, a creator's page, a limit,
 * cursor or tag the handler refuses, a page the snapshot has not read yet, and the time before
 * the first snapshot. A visitor who must be assured to be an adult (and carries no age token:
 * isVisitorGet) gets the age-gated view, kept with the snapshot like the public one.
 */
function hotList(storyList: StoryListCache, gate: AgeGate) {
  return hotAnswer({
    parse: ({ request, query }) => {
      if (!isVisitorGet(request)) return undefined;
      const view = gate.requiredFor(request.headers) ? AGE_GATED_VIEW : PUBLIC_VIEW;
      const asked = plainListAsked(query ?? '', request.headers, view);
      const snapshot = asked && storyList.peek();
      return snapshot ? { asked, snapshot } : undefined;
    },
    run: ({ asked, snapshot }) => anonymousListAnswer(snapshot, asked),
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
 * Served from the snapshot (list/list-snapshot.ts): a page among its newest stories from
 * memory as kept bytes, any other by index from the read model (then kept, bounded); a reader's
 * answer is that page with their own overlay (the premium stories they unlocked, covers signed
 * for them), never a table scan. Every answer, by who asks, is made in list/list-answers.ts. `?tag=` keeps the stories carrying that tag; a logged-in
 * reader's list leaves out the stories with a warning they chose to hide
 * (PUT /api/me/hidden-warnings). `?state=hidden` is the staff's: the stories a moderator hid,
 * newest first, each with the statement of its hide and its images signed for the session.
 * Where the viewer must be assured to be an adult and is not, an Explicit story's entry is its
 * card's words only, with no image (`ageAssuranceRequired`); an assured viewer's, its images
 * signed for them.
 */
export const listStoriesRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const gate = new AgeGate(deps.options);
  const answers = new ListAnswers(deps, gate);
  app.get(
    '/api/stories',
    { schema: listDoc, config: { hotAnswer: hotList(deps.storyList, gate) } },
    async (request, reply) => {
      const asked = listAskedFrom(
        request.query,
        request.headers,
        visitorView(gate, request.headers, deps.clock),
      );
      if (asked.filter.state === 'hidden') requireAdmin(request);
      const snapshot = await deps.storyList.current(minPositionOf(request));
      return sendPrepared(reply, await answers.answer(request, snapshot, asked));
    },
  );
};
