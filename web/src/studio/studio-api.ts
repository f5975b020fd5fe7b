import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { answerOf, client } from '../api/typed-client';
import { useAuth } from '../auth/auth-context';

export type StudioDays = 30 | 90;

export const fetchStudio = (days: StudioDays, signal?: AbortSignal) =>
  answerOf(
    client.GET('/api/me/studio', { params: { query: { days: String(days) as '30' | '90' } }, signal }),
  );

export type Studio = Awaited<ReturnType<typeof fetchStudio>>;

export function useStudio(days: StudioDays) {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.studio(token, days),
    queryFn: ({ signal }) => fetchStudio(days, signal),
    enabled: token !== null,
  });
}
