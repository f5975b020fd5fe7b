import { type Story, storyMessages } from '@nocturne/domain';
import {
  apiSchema,
  HttpError,
  hotAnswer,
  StoryIdParams,
  sendPrepared,
  storyIdFrom,
} from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { AGE_VARY, AgeGate } from '../age-assurance/age-gate';
import { explicitAccessOf } from '../age-assurance/explicit-access';
import type { QueryApiDeps } from '../deps';
import { minPositionOf } from '../read-your-writes';
import { anonymousStoryAnswer } from './list/anonymous-story-answer';
import type { ListedStory } from './list/listed-story';
import type { StoryListCache } from './list/story-list-cache';
import type { StoryRow } from './list/story-rows';
import { readStory } from './list/story-rows';
import { isVisitorGet } from './list/visitor-get';
import { ageGatedStory, fullStory, StoryAnswerSchema, withExplicitAccess } from './story-answer';
import { storyUnavailable, unavailableDoc } from './unavailable';
import { signerFor, unlockedBy, viewerOf } from './viewer';

const getStoryDoc = apiSchema({
  summary: "One story in full; opening a premium story spends one of the reader's premium stories",
  tags: ['stories'],
  params: StoryIdParams,
  ok: {
    200: {
      description: 'The story',
      schema: StoryAnswerSchema,
    },
  },
  errors: {
    401: 'A premium story and no session (Login required for premium stories)',
    402: 'A premium story and no premium, or none remaining',
    404: 'Story not found',
    ...unavailableDoc,
  },
});

/**
 * A visitor reading a free story asks for it again and again while its likes and views come in:
 * the same bytes for everyone until the stories projection moves. So the server's hot lane
 * answers it from the snapshot in hand, as the handler answers it (the same
 * `anonymousStoryAnswer`), without Fastify's routing and hooks, which cost such an answer several
 * times its own CPU (docs/performance.md, "The hot lane"). Whatever needs more is the handler's:
 * a premium story, a story the snapshot does not hold (published a moment ago, or none such: the
 * handler's 404), a viewer (Authorization, X-Admin-Code), a read-your-writes wait
 * (X-Min-Position), a HEAD, a query string or a percent-escaped id, the time before the
 * first snapshot, and an Explicit story while age assurance is on (its answer is the viewer's).
 */
function hotStory(storyList: StoryListCache, gate: AgeGate) {
  return hotAnswer({
    parse: ({ request, params, query }) => {
      if (query !== undefined || !isVisitorGet(request)) return undefined;
      const snapshot = storyList.peek();
      const story = snapshot?.story(params.id ?? '');
      if (!snapshot || !story || story.row.is_premium || gatedByPolicy(gate, story.row)) return undefined;
      return { snapshot, story, headers: request.headers };
    },
    run: ({ snapshot, story, headers }) =>
      anonymousStoryAnswer(snapshot, story, headers['accept-encoding'], headers['if-none-match']),
  });
}

/**
 * An Explicit story while the age-assurance policy is not off: what it shows depends on where
 * the viewer is and whether they are assured, so it is never the snapshot's shared answer.
 */
const gatedByPolicy = (gate: AgeGate, row: StoryRow) => !gate.off && row.card.rating === 'explicit';

/**
 * GET /api/stories/{id}. A story hidden by a moderator: 451 to everyone. A free story: anyone. A premium story: an admin reads it; a user must
 * be logged in (401), and either, while premium, re-reads one unlocked before (free) or spends
 * one of their premium stories now through the unlock port (402 when they have no premium, or
 * it was revoked, or none are left).
 * The unlock's position comes back as X-Event-Position, so the SPA's next /api/auth/me shows
 * the new remaining count.
 * An Explicit story, where the viewer must be assured to be an adult and is not: its card's
 * words only, `ageAssuranceRequired`, no image and no slide, before any unlock is spent; to an
 * assured viewer in full, its images signed for them.
 */
export const getStoryRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const gate = new AgeGate(deps.options);
  app.get(
    '/api/stories/:id',
    { schema: getStoryDoc, config: { hotAnswer: hotStory(deps.storyList, gate) } },
    async (request, reply) => {
      const id = storyIdFrom(request.params);
      // A free story is the same for everyone: its entry of the list snapshot, already serialised
      // (at or after the client's X-Min-Position). Not there (premium, published a moment ago, or
      // not among the newest): the read model, and a free one is kept with the snapshot for next time.
      const { headers } = request;
      const snapshot = await deps.storyList.current(minPositionOf(request));
      const answerFree = (listed: ListedStory) =>
        // The same answer as the hot answer above.
        sendPrepared(
          reply,
          anonymousStoryAnswer(snapshot, listed, headers['accept-encoding'], headers['if-none-match']),
        );
      const listed = snapshot.story(id);
      if (listed && !listed.row.is_premium && !gatedByPolicy(gate, listed.row)) return answerFree(listed);
      const { row, checkpoint } = await readStory(deps.db, id);
      if (row && !row.is_premium && !gatedByPolicy(gate, row)) {
        const kept = snapshot.remember(row, checkpoint);
        if (kept) return answerFree(kept);
      }
      if (!row) throw new HttpError(404, storyMessages.notFound);
      // Before any unlock: a hidden story spends nothing and is read by no one, unlocked or not.
      if (row.hidden_reason !== null) throw storyUnavailable();
      const gated = gatedByPolicy(gate, row);
      if (!row.is_premium && !gated) return fullStory(row, null);

      const viewer = await viewerOf(request, deps);
      const signer = signerFor(viewer, deps);
      const access = gated ? await explicitAccessOf(gate, headers, viewer, signer, deps) : undefined;
      if (access) {
        reply.header('Cache-Control', 'private, no-cache').header('Vary', AGE_VARY);
        // Before any unlock too: a story the viewer may not see yet spends nothing.
        if (access.kind === 'gated') return ageGatedStory(row);
      }
      const shown = (story: () => Story) => (access ? withExplicitAccess(row, access, story) : story());
      if (!row.is_premium) return shown(() => fullStory(row, null));
      if (viewer.admin) return shown(() => fullStory(row, signer));
      if (!viewer.user) throw new HttpError(401, storyMessages.loginRequired);

      const unlocked = await unlockedBy(deps, viewer.user, id);
      if (!unlocked.has(id)) {
        const result = await deps.unlockPremiumStory({ userKey: viewer.user.userKey, storyId: id });
        if (!result.alreadyUnlocked) reply.header('X-Event-Position', String(result.position));
      }
      reply.header('Cache-Control', 'private, no-store');
      return shown(() => fullStory(row, signer));
    },
  );
};
