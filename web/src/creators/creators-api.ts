import type { CreatorProfile } from '@nocturne/domain';
import { answerOf, client } from '../api/typed-client';

export const fetchCreator = (handle: string, signal?: AbortSignal): Promise<CreatorProfile> =>
  answerOf(client.GET('/api/creators/{handle}', { params: { path: { handle } }, signal }));

export const setFollowing = (handle: string, follow: boolean): Promise<{ following: boolean }> =>
  answerOf(
    follow
      ? client.POST('/api/creators/{handle}/follow', { params: { path: { handle } } })
      : client.DELETE('/api/creators/{handle}/follow', { params: { path: { handle } } }),
  );

export const fetchPenName = (signal?: AbortSignal) => answerOf(client.GET('/api/me/pen-name', { signal }));

export const changePenName = (penName: string) =>
  answerOf(client.PUT('/api/me/pen-name', { body: { penName } }));

export const fetchNotifications = (signal?: AbortSignal) =>
  answerOf(client.GET('/api/me/notifications', { signal }));

export const markNotificationsSeen = (through: number) =>
  answerOf(client.POST('/api/me/notifications/seen', { body: { through } }));
