// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { fetchStoryPage, storiesOf, withLikes } from './story-queries';

const story = (id: string, likes = 0) => aStory({ id, likes });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('story pages from the server', () => {
  it('asks for a page by limit and cursor and reads the next cursor and the total from the headers', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        const last = path.includes('cursor=');
        return new Response(JSON.stringify(last ? [story('c')] : [story('a'), story('b')]), {
          status: 200,
          headers: last ? { 'X-Total-Count': '3' } : { 'X-Next-Cursor': 'next-1', 'X-Total-Count': '3' },
        });
      }),
    );
    const first = await fetchStoryPage(6, null);
    expect(first).toEqual({ stories: [story('a'), story('b')], nextCursor: 'next-1', total: 3 });
    const second = await fetchStoryPage(5, first.nextCursor);
    expect(second).toEqual({ stories: [story('c')], nextCursor: null, total: 3 });
    expect(asked).toEqual(['/api/stories?limit=6', '/api/stories?limit=5&cursor=next-1']);
    expect(storiesOf({ pages: [first, second], pageParams: [null, 'next-1'] })?.map((s) => s.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('a failed or malformed page is an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"x"}', { status: 500 })),
    );
    await expect(fetchStoryPage(5, null)).rejects.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"stories":[]}', { status: 200 })),
    );
    await expect(fetchStoryPage(5, null)).rejects.toThrow(/not an array/);
  });

  it('writes a new like count into every page that holds the story', () => {
    const pages = {
      pages: [
        { stories: [story('a', 1)], nextCursor: 'x', total: 2 },
        { stories: [story('b', 4)], nextCursor: null, total: 2 },
      ],
      pageParams: [null, 'x'],
    };
    expect(storiesOf(withLikes(pages, 'b', 5))?.map((s) => s.likes)).toEqual([1, 5]);
  });
});
