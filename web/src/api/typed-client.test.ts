// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from './typed-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the typed client', () => {
  it('a keepalive write reaches fetch in the same task, before any await (a reader leaving the page kept no place)', () => {
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response('{"slide":2,"finished":false,"saved":false}', {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    void client.PUT('/api/stories/{id}/progress', {
      params: { path: { id: 's 1' } },
      body: { slide: 2 },
      keepalive: true,
    });

    // Nothing awaited yet: the page could be gone after this line.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/stories/s%201/progress');
    expect(init.method).toBe('PUT');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(String(init.body))).toEqual({ slide: 2 });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('answers with the parsed body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"slide":1,"finished":false,"saved":true}', {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const { data } = await client.GET('/api/stories/{id}/progress', { params: { path: { id: 'x' } } });
    expect(data).toEqual({ slide: 1, finished: false, saved: true });
  });
});
