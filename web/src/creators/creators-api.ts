import { answerOf, client } from '../api/typed-client';

export const setFollowing = (handle: string, follow: boolean) =>
  answerOf(
    follow
      ? client.POST('/api/creators/{handle}/follow', { params: { path: { handle } } })
      : client.DELETE('/api/creators/{handle}/follow', { params: { path: { handle } } }),
  );

export const changePenName = (penName: string) =>
  answerOf(client.PUT('/api/me/pen-name', { body: { penName } }));

export const markNotificationsSeen = (through: number) =>
  answerOf(client.POST('/api/me/notifications/seen', { body: { through } }));
