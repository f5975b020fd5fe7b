import type { StoryState } from '@nocturne/domain';
import { apiSchema, ReadingAnswer, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { storyStateOf } from '../stories/live-story';
import { requireUser } from '../users/authenticate';
import { accountReading } from './account-reading';
import type { ReadingCommand, ReadingState, StoryAccess } from './reading-decider';
import { storyAccess } from './story-access';

const ProgressBody = z.object({
  slide: z.number().int().min(0).max(9),
  /** Which open page sent the place and its how-many-th (reading-decider.ts, PlaceOrder). */
  order: z
    .object({
      writer: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes'),
      write: z.number().int('must be a whole number from 1').min(1, 'must be a whole number from 1'),
    })
    .optional(),
});

const ok = { 200: { description: "The reader's relation to the story now", schema: ReadingAnswer } };
const refusals = {
  401: 'Not authenticated',
  402: 'A premium story the reader has not unlocked',
  404: 'Story not found',
};
const doc = (summary: string, errors: Record<number, string>, body?: z.ZodType) =>
  apiSchema({ summary, tags: ['reading'], security: ['user'], params: StoryIdParams, body, ok, errors });

const answer = (state: ReadingState) => ({
  slide: state.slide,
  finished: state.finished,
  saved: state.saved,
});

/**
 * A logged-in reader's progress, finish and bookmark of a story, each on their account's own
 * `account_reading-{accountId}-{storyId}` stream (account-reading.ts, decided by reading-decider.ts):
 * PUT /api/stories/{id}/progress {slide, order?}, PUT .../finished, PUT .../saved, DELETE .../saved.
 * Each answers the state after it, with X-Event-Position (read-your-writes).
 */
export const readingRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  /** Who asks, about which story, may they read it; then the command decided on their stream. */
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    commandOf: (storyId: string, access: StoryAccess, story: StoryState) => ReadingCommand,
  ) {
    const user = await requireUser(request, deps);
    const storyId = storyIdFrom(request.params);
    const story = await storyStateOf(deps.store, storyId);
    const access = storyAccess(story, user.state, storyId);
    const reading = await accountReading(deps.store, user, storyId);
    const result = await handleCommand(
      deps.store,
      reading.stream,
      reading.decider,
      commandOf(storyId, access, story),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send(answer(result.state));
  }

  const progressDoc = doc(
    'Record the slide a reader is on (0-based)',
    {
      ...refusals,
      400: "A slide that is not a whole number from 0 to the story's last, or an order that is not a page's id (8 to 64 letters, digits or dashes) and a count from 1",
    },
    ProgressBody,
  );
  app.put('/api/stories/:id/progress', { schema: progressDoc }, (request, reply) =>
    run(request, reply, (storyId, access, story) => {
      const { slide, order } = ProgressBody.parse(request.body ?? {});
      return command(
        'RecordProgress',
        { storyId, slide, slideCount: story.slideCount, access, order },
        deps.clock(),
      );
    }),
  );
  app.put(
    '/api/stories/:id/finished',
    { schema: doc('Mark a story read (The End)', refusals) },
    (request, reply) =>
      run(request, reply, (storyId, access) => command('FinishStory', { storyId, access }, deps.clock())),
  );
  app.put(
    '/api/stories/:id/saved',
    {
      schema: doc('Keep a story in "Saved" (a premium one not opened yet too)', {
        401: refusals[401],
        404: refusals[404],
      }),
    },
    (request, reply) =>
      run(request, reply, (storyId, access) => command('SaveStory', { storyId, access }, deps.clock())),
  );
  // Unsaving asks nothing of the story (reading-decider.ts): a reader may always drop a bookmark.
  app.delete(
    '/api/stories/:id/saved',
    { schema: doc('Take a story out of "Saved"', { 401: refusals[401] }) },
    (request, reply) => run(request, reply, (storyId) => command('UnsaveStory', { storyId }, deps.clock())),
  );
};
