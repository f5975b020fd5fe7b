import type { ContentWarningId } from '@nocturne/events/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** A story's labels as the forms edit them and the API takes them. */
export interface Labels {
  tags: string[];
  warnings: ContentWarningId[];
}

export const noLabels = (): Labels => ({ tags: [], warnings: [] });

/** The curated tags writers choose from (GET /api/tags), alphabetical. */
export function useCuratedTags() {
  return useQuery({
    queryKey: queryKeys.labelChoices(),
    queryFn: async ({ signal }) => (await api<{ tags: string[] }>('/api/tags', { signal, token: null })).tags,
    staleTime: 60_000,
  });
}

/** The warnings whose stories the reader's lists leave out (GET /api/me/hidden-warnings). */
export const fetchHiddenWarnings = async (signal?: AbortSignal) =>
  (await api<{ warnings: ContentWarningId[] }>('/api/me/hidden-warnings', { signal })).warnings;

export const chooseHiddenWarnings = (warnings: ContentWarningId[]) =>
  api<{ warnings: ContentWarningId[] }>('/api/me/hidden-warnings', { method: 'PUT', body: { warnings } });
