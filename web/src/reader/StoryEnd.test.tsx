// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/auth-context';
import { type StoryPages, storiesOf, storyKeys } from '../stories/story-queries';
import { aStory } from '../testing/story-fixture';
import type { LoadedStory } from './load-story';
import { StoryEnd } from './StoryEnd';

const listKey = storyKeys.list({ token: null, premiumMember: false, first: 5, tag: null, onePage: true });

const story = (id: string, likes: number): Story => aStory({ id, images: ['a', 'b'], views: 3, likes });

/** The reader's end as the story page shows it: the count comes from the story query. */
function ReaderEnd({ id }: { id: string }) {
  const { data } = useQuery<LoadedStory>({ queryKey: storyKeys.detail(id, null), queryFn: () => never() });
  return data ? <StoryEnd story={data.story} likes={data.story.likes} backTo="/" /> : null;
}
const never = (): Promise<LoadedStory> => new Promise(() => {});

function show(client: QueryClient, id: string) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <ReaderEnd id={id} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const likeButton = () => screen.getByRole('button', { name: /like/i }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('liking a story', () => {
  it('puts the new count in the reader story query and the story lists, and re-reads the lists', async () => {
    const likes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        likes.push(`${init?.method} ${path}`);
        return new Response(JSON.stringify({ likes: 8 }), { status: 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } });
    client.setQueryData<LoadedStory>(storyKeys.detail('s1', null), {
      story: story('s1', 7),
      spentPremium: false,
    });
    client.setQueryData<StoryPages>(listKey, {
      pages: [{ stories: [story('s0', 1), story('s1', 7)], nextCursor: null, total: 2 }],
      pageParams: [null],
    });
    show(client, 's1');

    expect(likeButton().textContent).toBe('Like7 likes');
    await userEvent.click(likeButton());

    await waitFor(() => expect(likeButton().textContent).toBe('Liked8 likes'));
    expect(likeButton().disabled).toBe(true);
    expect(likes).toEqual(['POST /api/stories/s1/like']);
    // Reopening the story within the five minutes of staleTime shows the new count.
    expect(client.getQueryData<LoadedStory>(storyKeys.detail('s1', null))?.story.likes).toBe(8);
    const list = storiesOf(client.getQueryData<StoryPages>(listKey));
    expect(list?.map((s) => [s.id, s.likes])).toEqual([
      ['s0', 1],
      ['s1', 8],
    ]);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('leaves every count as it was when the like fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'Story not found' }), { status: 404 })),
    );
    const client = new QueryClient();
    client.setQueryData<LoadedStory>(storyKeys.detail('s1', null), {
      story: story('s1', 7),
      spentPremium: false,
    });
    show(client, 's1');

    await userEvent.click(likeButton());

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Like failed', expect.anything()));
    await waitFor(() => expect(likeButton().disabled).toBe(false));
    expect(likeButton().textContent).toBe('Like7 likes');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(client.getQueryData<LoadedStory>(storyKeys.detail('s1', null))?.story.likes).toBe(7);
  });
});
