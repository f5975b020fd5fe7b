// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { usePrefetchBesideSessionCheck } from './use-prefetch-beside-session-check';

afterEach(cleanup);

const shelf = (token: string | null, asked: () => Promise<string>) =>
  queryOptions({ queryKey: ['shelf', { token }], queryFn: asked });

function Route({ token, asked }: { token: string | null; asked: () => Promise<string> }) {
  usePrefetchBesideSessionCheck(token, [shelf(token, asked)]);
  return null;
}

function pageWith(token: string | null, asked: () => Promise<string>) {
  const client = new QueryClient();
  const page = () => (
    <QueryClientProvider client={client}>
      <Route token={token} asked={asked} />
    </QueryClientProvider>
  );
  const rendered = render(page());
  return { client, rerender: () => rendered.rerender(page()) };
}

it("asks for the page's first answers at the route's first render, with a stored token", async () => {
  const asked = vi.fn(async () => 'the shelf');
  const { client, rerender } = pageWith('a-token', asked);
  expect(asked).toHaveBeenCalledTimes(1);
  rerender();
  expect(asked).toHaveBeenCalledTimes(1);
  await vi.waitFor(() => expect(client.getQueryData(shelf('a-token', asked).queryKey)).toBe('the shelf'));
});

it('asks for nothing without a session', () => {
  const asked = vi.fn(async () => 'the shelf');
  pageWith(null, asked);
  expect(asked).not.toHaveBeenCalled();
});
