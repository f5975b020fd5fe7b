import { isStoryState, STORY_STATES, type StoryStateId } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/** `?state=` of GET /api/stories: published without it; anything but a story state is a 400. */
export function stateFilterFrom(query: unknown): StoryStateId {
  const { state } = (query ?? {}) as Record<string, unknown>;
  if (state === undefined) return 'published';
  if (typeof state !== 'string') throw new HttpError(400, 'state must be given once');
  if (!isStoryState(state)) throw new HttpError(400, `state must be ${STORY_STATES.join(' or ')}`);
  return state;
}
