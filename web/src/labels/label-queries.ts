import { queryOptions } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';

/**
 * The labels' keys and queries. The landing's tag filter loads this module with the first script,
 * so its GETs go through first-load-get and nothing heavier may ride along.
 */
export const labelKeys = {
  all: () => ['labels'] as const,
  /** The curated tags and the fixed warnings (GET /api/tags). */
  choices: () => [...labelKeys.all(), 'choices'] as const,
  /** The session's hidden warnings (GET /api/me/hidden-warnings). */
  hidden: (token: string | null) => [...labelKeys.all(), 'hidden', { token }] as const,
};

/** The curated tags writers choose from, alphabetical. */
export const curatedTagsQuery = () =>
  queryOptions({
    queryKey: labelKeys.choices(),
    queryFn: async ({ signal }) => (await firstLoadGet('/api/tags', { token: null, signal })).tags,
    staleTime: 60_000,
  });

/** The warnings whose stories the reader's lists leave out. */
export const hiddenWarningsQuery = (token: string | null) =>
  queryOptions({
    queryKey: labelKeys.hidden(token),
    queryFn: async ({ signal }) =>
      (await firstLoadGet('/api/me/hidden-warnings', { token, signal })).warnings,
  });
