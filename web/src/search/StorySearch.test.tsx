// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { aStory } from '../testing/story-fixture';
import { SEARCH_DEBOUNCE_MS, SEARCH_FAILED_MESSAGE, StorySearch } from './StorySearch';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const story = (id: string): Story => aStory({ id, images: [`${id}.webp`], texts: [`The text of ${id}.`] });

/** A search whose answers the test settles by hand, so each state can be seen. */
function controlledSearch() {
  const pending: { words: string; resolve(stories: Story[]): void; reject(error: unknown): void }[] = [];
  const search = vi.fn(
    (words: string) =>
      new Promise<Story[]>((resolve, reject) => {
        pending.push({ words, resolve, reject });
      }),
  );
  return { search, pending };
}

function renderSearch(search: (words: string) => Promise<Story[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <StorySearch
        label="Find a story"
        query={(words) => ({ queryKey: ['test-search', words], queryFn: () => search(words) })}
      >
        {(stories) => (
          <ul aria-label="Found">
            {stories.map((s) => (
              <li key={s.id}>{s.id}</li>
            ))}
          </ul>
        )}
      </StorySearch>
    </QueryClientProvider>,
  );
  return screen.getByRole('searchbox', { name: 'Find a story' });
}

describe('StorySearch', () => {
  it('shows nothing before any words, and searches once typing pauses, not per key', async () => {
    // The pauses between keys are the clock's, not the machine's: a busy CI machine cannot
    // stretch one past the debounce. Only the timers are faked, not React's own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { search, pending } = controlledSearch();
    const field = renderSearch(search);
    expect(screen.queryByRole('status')).toBeNull();
    for (const value of ['l', 'lan', 'lantern ']) {
      fireEvent.change(field, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    }
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    // The query starts in an effect after "Searching…" is drawn, so the call is waited for.
    await vi.waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(pending[0]?.words).toBe('lantern');
    pending[0]?.resolve([story('s1'), story('s2')]);
    expect(await screen.findByText('2 stories match “lantern”')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Found' }).textContent).toBe('s1s2');
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('says so when nothing matches', async () => {
    const { search, pending } = controlledSearch();
    const field = renderSearch(search);
    fireEvent.change(field, { target: { value: 'nothing' } });
    fireEvent.submit(field);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.resolve([]);
    expect(await screen.findByText('No stories match “nothing”.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows an error when the search fails, and the server’s detail for a refused query', async () => {
    const { search, pending } = controlledSearch();
    const field = renderSearch(search);
    fireEvent.change(field, { target: { value: 'fog' } });
    fireEvent.submit(field);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.reject(new Error('network down'));
    // A network failure is asked once more; that fails too.
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.reject(new Error('network down'));
    expect((await screen.findByRole('alert')).textContent).toContain(SEARCH_FAILED_MESSAGE);

    fireEvent.change(field, { target: { value: 'fog rain' } });
    fireEvent.submit(field);
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    pending[2]?.reject(new ApiError(400, 'q must be at most 200 characters', {}));
    expect(await screen.findByText('q must be at most 200 characters')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(3); // a refusal is not asked again
  });

  it('clearing the field clears the results', async () => {
    const { search, pending } = controlledSearch();
    const field = renderSearch(search);
    fireEvent.change(field, { target: { value: 'fog' } });
    fireEvent.submit(field);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.resolve([story('s1')]);
    expect(await screen.findByText('1 story matches “fog”')).toBeTruthy();
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
