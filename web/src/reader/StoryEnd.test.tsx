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
function ReaderEnd({ id, reached = true }: { id: string; reached?: boolean }) {
  const { data } = useQuery<LoadedStory>({ queryKey: storyKeys.detail(id, null), queryFn: () => never() });
  return data ? <StoryEnd story={data.story} likes={data.story.likes} backTo="/" reached={reached} /> : null;
}
const never = (): Promise<LoadedStory> => new Promise(() => {});

function show(client: QueryClient, id: string, reached = true) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <ReaderEnd id={id} reached={reached} />
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

describe('the end of a story', () => {
  const vesper = { name: 'Vesper Lane', handle: 'vesper-lane' };
  const opened = aStory({
    id: 's1',
    texts: ['The moon rose late over the vineyard and Elena stopped to listen.', 'Two.'],
    creator: vesper,
    tags: ['rain'],
  });

  function answering(lists: Record<string, Story[]>) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        const query = new URL(path, 'http://x').searchParams;
        const stories = lists[query.get('creator') ?? query.get('tag') ?? ''] ?? [];
        return new Response(JSON.stringify(stories), { status: 200, headers: { 'X-Total-Count': '0' } });
      }),
    );
    return asked;
  }

  it("given the end reached, names the story and its creator and offers the creator's and the tag's stories", async () => {
    answering({
      'vesper-lane': [opened, aStory({ id: 'by-her', texts: ['Her second night.'], creator: vesper })],
      rain: [aStory({ id: 'rainy', texts: ['Rain again.'], tags: ['rain'] })],
    });
    const client = new QueryClient();
    client.setQueryData<LoadedStory>(storyKeys.detail('s1', null), { story: opened, spentPremium: false });
    show(client, 's1');

    expect(screen.getByText('The moon rose late over the vineyard and Elena stopped...')).toBeTruthy();
    expect(screen.getByText('A story by').textContent).toBe('A story by Vesper Lane');
    const next = await screen.findByRole('navigation', { name: 'Read next' });
    const links = await waitFor(() => {
      const found = next.querySelectorAll('a');
      expect(found).toHaveLength(2);
      return found;
    });
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['/story/by-her', '/story/rainy']);
  });

  it('before the end is reached, shows neither the title nor what to read next, and asks for nothing', () => {
    const asked = answering({});
    const client = new QueryClient();
    client.setQueryData<LoadedStory>(storyKeys.detail('s1', null), { story: opened, spentPremium: false });
    show(client, 's1', false);

    expect(screen.queryByText(/The moon rose late/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Read next' })).toBeNull();
    expect(asked.filter((path) => path.startsWith('/api/stories?'))).toEqual([]);
  });
});
