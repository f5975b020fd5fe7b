import type { Story, StoryRatingId } from '@nocturne/domain';
import { type InfiniteData, queryOptions } from '@tanstack/react-query';
import type { Answer } from '../api/answer';
import { apiFetch } from '../api/client';
import type { operations } from '../api/generated/schema';

/** One page of GET /api/stories?limit=N&cursor=C. */
export interface StoryPage {
  stories: Story[];
  /** X-Next-Cursor: where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** X-Total-Count: how many stories there are in all. */
  total: number;
}

/** Every story list of the app has this shape, so a like updates them all the same way. */
export type StoryPages = InfiniteData<StoryPage>;

/**
 * Who asks for a list: premium images come as blurred previews unless the viewer may read them,
 * so every list's key carries the session and whether it has premium.
 */
export interface StoryViewer {
  token: string | null;
  premiumMember: boolean;
}

/** One story list: the viewer's, and what narrows it (a tag, a creator, a search's words). */
export interface StoryListFilter extends StoryViewer {
  /** How many stories the first page holds. */
  first?: number;
  tag?: string | null;
  /** Only the stories of this rating. */
  rating?: StoryRatingId | null;
  creator?: string;
  words?: string;
  /** One page and no more (the landing), not page after page. */
  onePage?: boolean;
}

/**
 * The story keys. Lists and single stories are two families: a new story or a like refreshes
 * every list (`lists()`), while an opened story stays as it is until its own key is touched.
 */
export const storyKeys = {
  /** Every story list (GET /api/stories, GET /api/search), whoever asks. */
  lists: () => ['stories'] as const,
  list: (filter: StoryListFilter) => [...storyKeys.lists(), filter] as const,
  /** Every viewer's copy of one story (GET /api/stories/{id}). */
  story: (id: string) => ['story', id] as const,
  /** One viewer's copy of one story (a premium story's answer depends on who reads it). */
  detail: (id: string, token: string | null) => [...storyKeys.story(id), { token }] as const,
};

type StoryListQuery = NonNullable<operations['getStories']['parameters']['query']>;

/**
 * GET /api/stories, its query and its answer the API document's. A list that fails or is not an
 * array is an error. Sent through apiFetch, not the typed client: the landing shows the list on
 * its first load, which stays without openapi-fetch (as firstLoadGet does). `answered`: that
 * answer when a page's early script already asked for it (a parameter, not a function of its
 * own: this is in the landing's first-load script).
 */
export async function fetchStoryPage(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
  tag: string | null = null,
  creator: string | null = null,
  rating: StoryRatingId | null = null,
  answered?: Response,
): Promise<StoryPage> {
  const asked: StoryListQuery = { limit: String(limit) };
  if (cursor) asked.cursor = cursor;
  if (tag) asked.tag = tag;
  if (rating) asked.rating = rating;
  if (creator) asked.creator = creator;
  const response = answered ?? (await apiFetch(`/api/stories?${new URLSearchParams(asked)}`, { signal }));
  if (!response.ok) throw new Error(`The story list failed (${response.status})`);
  const data: unknown = await response.json();
  if (!Array.isArray(data)) throw new Error('The story list is not an array');
  const total = Number(response.headers.get('X-Total-Count'));
  const stories: Story[] = data as Answer<'/api/stories'>;
  return {
    stories,
    nextCursor: response.headers.get('X-Next-Cursor'),
    total: Number.isSafeInteger(total) ? total : data.length,
  };
}

/**
 * The newest `count` stories (carrying `tag`, when one is chosen), one page and no more (the
 * landing's 5). Shaped like the paged lists, so a like updates every list the same way; a plain
 * query keeps the infinite-query code out of the landing's first load.
 */
export const storyListQuery = (viewer: StoryViewer, count: number, tag: string | null = null) =>
  queryOptions({
    queryKey: storyKeys.list({ ...viewer, first: count, tag, onePage: true }),
    queryFn: async ({ signal }): Promise<StoryPages> => ({
      pages: [await fetchStoryPage(count, null, signal, tag)],
      pageParams: [null],
    }),
    placeholderData: (previous) => previous, // keep the grid while the viewer's identity settles
  });

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
