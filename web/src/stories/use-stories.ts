import type { Story } from '@nocturne/domain';
import { type InfiniteData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';

/** One page of GET /api/stories?limit=N&cursor=C. */
export interface StoryPage {
  stories: Story[];
  /** X-Next-Cursor: where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** X-Total-Count: how many stories there are in all. */
  total: number;
}

export type StoryPages = InfiniteData<StoryPage>;

/** A list that fails or is not an array is an error. */
export async function fetchStoryPage(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
  tag: string | null = null,
  creator: string | null = null,
): Promise<StoryPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (tag) query.set('tag', tag);
  if (creator) query.set('creator', creator);
  const response = await apiFetch(`/api/stories?${query}`, { signal });
  if (!response.ok) throw new Error(`The story list failed (${response.status})`);
  const data: unknown = await response.json();
  if (!Array.isArray(data)) throw new Error('The story list is not an array');
  const total = Number(response.headers.get('X-Total-Count'));
  return {
    stories: data as Story[],
    nextCursor: response.headers.get('X-Next-Cursor'),
    total: Number.isSafeInteger(total) ? total : data.length,
  };
}

/**
 * The newest `count` stories, one page and no more (the landing's 5). Shaped like the paged
 * lists (use-story-pages.ts), so a like updates every list the same way; a plain query keeps
 * the infinite-query code out of the landing's first load.
 */
export function useFirstStories(count: number, tag: string | null = null) {
  const { user, token } = useAuth();
  return useQuery({
    // Anything that changes the list (a new story, a like) invalidates queryKeys.stories().
    queryKey: queryKeys.firstStories(token, user?.is_subscribed ?? false, count, tag),
    queryFn: async ({ signal }): Promise<StoryPages> => ({
      pages: [await fetchStoryPage(count, null, signal, tag)],
      pageParams: [null],
    }),
    placeholderData: (previous) => previous, // keep the grid while the viewer's identity settles
  });
}

/** Every story of the pages fetched so far, in order. */
export const storiesOf = (pages: StoryPages | undefined): Story[] | undefined =>
  pages?.pages.flatMap((page) => page.stories);

/** A story's new like count written into cached story pages (every list of the app has this shape). */
export function withLikes(
  pages: StoryPages | undefined,
  storyId: string,
  likes: number,
): StoryPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      stories: page.stories.map((story) => (story.id === storyId ? { ...story, likes } : story)),
    })),
  };
}
