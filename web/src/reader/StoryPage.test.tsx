// @vitest-environment jsdom
import { premiumOpeningPrompt } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { AuthProvider } from '../auth/auth-context';
import { aStory } from '../testing/story-fixture';
import StoryPage from './StoryPage';

/** The premium confirmation before the request that spends a story. */
const reader = { email: 'ann@example.com', is_subscribed: true, premium_stories_remaining: 30 };
let story = aStory({ id: 'p1', images: ['one.webp', 'two.webp'], isPremium: true });

let unlocked: Set<string>;
let requests: string[];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'session-token');
  unlocked = new Set();
  requests = [];
  story = aStory({ id: 'p1', images: ['one.webp', 'two.webp'], isPremium: true });
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requests.push(path);
      if (path === '/api/auth/me') return json(reader);
      if (path === '/api/me/premium/stories/p1') {
        const opened = unlocked.has('p1');
        return json({
          is_premium: true,
          unlocked: opened,
          spends: !opened,
          stories_remaining: 30,
          warnings: story.warnings,
        });
      }
      if (path === '/api/stories/p1') {
        const spent = !unlocked.has('p1');
        unlocked.add('p1');
        return json(story, 200, spent ? { 'X-Event-Position': '7' } : {});
      }
      return json({}, 200);
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function visit(client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/', '/story/p1']} initialIndex={1}>
          <Routes>
            <Route path="/" element={<p>Landing</p>} />
            <Route path="/story/:id" element={<StoryPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const storyRequests = () => requests.filter((path) => path === '/api/stories/p1');

describe('opening a premium story for the first time', () => {
  it('asks first, and "Not now" goes back without requesting the story (nothing spent)', async () => {
    visit();
    expect(await screen.findByText(premiumOpeningPrompt(30))).toBeTruthy();
    expect(storyRequests()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(storyRequests()).toEqual([]);
    expect(unlocked.size).toBe(0);
  });

  it('"Open" requests (and spends) the story once; the next visit of the same story never asks', async () => {
    const client = new QueryClient();
    const first = visit(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('img', { name: 'One.' })).toBeTruthy();
    expect(storyRequests()).toHaveLength(1);
    first.unmount();

    const checks = () => requests.filter((path) => path === '/api/me/premium/stories/p1').length;
    const checked = checks();
    visit(client);
    // The second visit asks the server again (nothing cached) and is told the story is unlocked.
    await waitFor(() => expect(checks()).toBeGreaterThan(checked));
    expect(await screen.findByRole('img', { name: 'One.' })).toBeTruthy();
    expect(screen.queryByText(premiumOpeningPrompt(30))).toBeNull();
    expect(storyRequests()).toHaveLength(1);
  });

  it('never asks for a story unlocked before, and asks nothing of a visitor', async () => {
    unlocked.add('p1');
    const first = visit();
    expect(await screen.findByRole('img', { name: 'One.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    first.unmount();

    localStorage.clear();
    requests = [];
    visit();
    await screen.findByRole('img', { name: 'One.' });
    expect(requests).not.toContain('/api/me/premium/stories/p1');
  });

  it("shows a warned story's warnings before asking to spend, and only once", async () => {
    story = { ...story, warnings: ['violence'] };
    visit();
    expect(await screen.findByRole('heading', { name: 'Content warning' })).toBeTruthy();
    expect(screen.queryByText(premiumOpeningPrompt(30))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    // Accepted once: the reader opens without a second warning screen.
    expect(await screen.findByRole('img', { name: 'One.' })).toBeTruthy();
    expect(storyRequests()).toHaveLength(1);
  });
});
