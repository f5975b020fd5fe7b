import { storyMessages } from '@nocturne/domain';
import { StoryId } from '@nocturne/events';
import { z } from 'zod';
import { HttpError } from './errors';

/**
 * The `:id` of a /api/stories/{id} route. An id that no story can have (bad characters, a NUL
 * byte, too long) is answered like an unknown one, before it reaches a query or a stream name.
 */
export function storyIdFrom(params: unknown): string {
  const id = (params as { id?: unknown } | null)?.id;
  const parsed = StoryId.safeParse(id);
  if (!parsed.success) throw new HttpError(404, storyMessages.notFound);
  return parsed.data;
}

/** The `{id}` params of the story routes, as the document describes them. */
export const StoryIdParams = z.object({ id: StoryId });
