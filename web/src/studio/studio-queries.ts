import { queryOptions } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';

export type StudioDays = 30 | 90;

export const studioKeys = {
  all: () => ['studio'] as const,
  /** The session's studio over the last `days` days (GET /api/me/studio). */
  studio: (token: string | null, days: StudioDays) => [...studioKeys.all(), { token, days }] as const,
};

const fetchStudio = (days: StudioDays, signal?: AbortSignal) =>
  answerOf(
    client.GET('/api/me/studio', { params: { query: { days: String(days) as '30' | '90' } }, signal }),
  );

export type Studio = Awaited<ReturnType<typeof fetchStudio>>;

export const studioQuery = (token: string | null, days: StudioDays) =>
  queryOptions({
    queryKey: studioKeys.studio(token, days),
    queryFn: ({ signal }) => fetchStudio(days, signal),
    enabled: token !== null,
  });
