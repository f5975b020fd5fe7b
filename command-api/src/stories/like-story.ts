import { encodeEvent, StoryLiked as StoryLikedDefinition, streams } from '@nocturne/events';
import { HttpError, storyIdFrom } from '@nocturne/events/http';
import type { EventStore } from '@nocturne/events/store';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { withPosition } from '../shared/reply';

/** One story's read in flight, and the read that follows it for the checks that came meanwhile. */
interface StoryRead {
  running: Promise<boolean>;
  queued?: Promise<boolean>;
}

/** Per store (tests open many), per story id: the reads in flight. Entries go when their read ends. */
const inFlight = new WeakMap<EventStore, Map<string, StoryRead>>();

function readStory(store: EventStore, reads: Map<string, StoryRead>, storyId: string): Promise<boolean> {
  const running = store
    .readStream(streams.story(storyId))
    .then((history) => history.length > 0 && !history.some((e) => e.type === 'StoryDeleted'));
  const read: StoryRead = { running };
  reads.set(storyId, read);
  const done = () => {
    if (reads.get(storyId) === read) reads.delete(storyId);
  };
  running.then(done, done);
  return running;
}

/**
 * Whether a story is published and not deleted. Checks of one story share reads, the way appends
 * share a group: a check that arrives while a read of that story is in flight waits for it and
 * joins the one read that starts next, so every check is answered by a read that began after it
 * arrived (a deletion acknowledged before a like is always seen), and a story liked by many at
 * once costs one read per round trip instead of one per like.
 */
function storyReadable(store: EventStore, storyId: string): Promise<boolean> {
  let reads = inFlight.get(store);
  if (!reads) {
    reads = new Map();
    inFlight.set(store, reads);
  }
  const read = reads.get(storyId);
  if (!read) return readStory(store, reads, storyId);
  const map = reads;
  read.queued ??= read.running.then(
    () => readStory(store, map, storyId),
    () => readStory(store, map, storyId),
  );
  return read.queued;
}

/** A story accepts likes and views while it is published and not deleted. */
export async function assertStoryReadable(store: EventStore, storyId: string): Promise<void> {
  if (!(await storyReadable(store, storyId))) throw new HttpError(404, 'Story not found');
}

/**
 * POST /api/stories/{id}/like. Likes live in their own stream, `story_likes-{id}`, appended
 * with expected revision "any": the store serialises appends, so the count is exactly the
 * stream revision + 1 and no like is lost however many arrive at once.
 */
export const likeStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/stories/:id/like', async (request, reply) => {
    const id = storyIdFrom(request.params);
    await assertStoryReadable(deps.store, id);
    const event = encodeEvent(
      { type: StoryLikedDefinition.type, data: { storyId: id } },
      commandContext(request, { kind: 'anonymous' }),
    );
    const result = await deps.store.append(streams.storyLikes(id), [event], 'any');
    return withPosition(reply, deps, result.position).send({ likes: result.nextRevision + 1 });
  });
};
