import { answerOf, client } from '../api/typed-client';

/** A reader's relation to one story, as the server answers it. */
export interface StoryReading {
  slide: number | null;
  finished: boolean;
  saved: boolean;
}

/** PUT /api/stories/{id}/progress; `keepalive` when sent while the page goes away. */
export const recordProgress = (id: string, slide: number, keepalive = false): Promise<StoryReading> =>
  answerOf(
    client.PUT('/api/stories/{id}/progress', { params: { path: { id } }, body: { slide }, keepalive }),
  );

export const markFinished = (id: string): Promise<StoryReading> =>
  answerOf(client.PUT('/api/stories/{id}/finished', { params: { path: { id } } }));

export const setSaved = (id: string, saved: boolean): Promise<StoryReading> =>
  answerOf(
    saved
      ? client.PUT('/api/stories/{id}/saved', { params: { path: { id } } })
      : client.DELETE('/api/stories/{id}/saved', { params: { path: { id } } }),
  );
