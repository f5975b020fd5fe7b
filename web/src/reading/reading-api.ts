import { answerOf, client } from '../api/typed-client';

/** PUT /api/stories/{id}/progress; `keepalive` when sent while the page goes away. */
export const recordProgress = (id: string, slide: number, keepalive = false) =>
  answerOf(
    client.PUT('/api/stories/{id}/progress', { params: { path: { id } }, body: { slide }, keepalive }),
  );

export const markFinished = (id: string) =>
  answerOf(client.PUT('/api/stories/{id}/finished', { params: { path: { id } } }));

export const setSaved = (id: string, saved: boolean) =>
  answerOf(
    saved
      ? client.PUT('/api/stories/{id}/saved', { params: { path: { id } } })
      : client.DELETE('/api/stories/{id}/saved', { params: { path: { id } } }),
  );
