import type { paths } from '../api/generated/schema';
import { answerOf, client } from '../api/typed-client';

/** The slide a reader is on, and where it stands among the places their page sent (`order`). */
export type Place = paths['/api/stories/{id}/progress']['put']['requestBody']['content']['application/json'];

/** PUT /api/stories/{id}/progress; `keepalive` when sent while the page goes away. */
export const recordProgress = (id: string, place: Place, keepalive = false) =>
  answerOf(client.PUT('/api/stories/{id}/progress', { params: { path: { id } }, body: place, keepalive }));

export const markFinished = (id: string) =>
  answerOf(client.PUT('/api/stories/{id}/finished', { params: { path: { id } } }));

export const setSaved = (id: string, saved: boolean) =>
  answerOf(
    saved
      ? client.PUT('/api/stories/{id}/saved', { params: { path: { id } } })
      : client.DELETE('/api/stories/{id}/saved', { params: { path: { id } } }),
  );
