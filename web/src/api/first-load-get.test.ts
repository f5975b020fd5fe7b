// @vitest-environment jsdom
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Answer } from './answer';
import { firstLoadGet } from './first-load-get';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('firstLoadGet', () => {
  it("answers with the document's 200 body type for the path", () => {
    expectTypeOf<Answer<'/api/site'>>().toEqualTypeOf<{ support_email: string }>();
    expectTypeOf<Answer<'/api/auth/me'>>().toHaveProperty('premium_stories_remaining');
  });

  it('sends the given session, or none for null, and parses the answer', async () => {
    localStorage.setItem('auth_token', 'stored');
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response('{"tags":["noir"]}', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    expect(await firstLoadGet('/api/tags', { token: null })).toEqual({ tags: ['noir'] });
    await firstLoadGet('/api/tags', { token: 'given' });
    await firstLoadGet('/api/tags');

    const auth = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>).Authorization,
    );
    expect(auth).toEqual([undefined, 'Bearer given', 'Bearer stored']);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tags');
  });
});
