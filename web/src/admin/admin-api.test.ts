// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPendingPayments, fetchUsers } from './admin-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input), 'http://localhost');

describe('the admin lists, a page at a time', () => {
  it('asks for the users page by cursor and reads where the next one starts', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = urlOf(input);
        asked.push(`${url.pathname}${url.search}`);
        const last = url.searchParams.has('cursor');
        const users = [{ email: last ? 'b@example.com' : 'a@example.com' }];
        return new Response(
          JSON.stringify({ users, total_users: 2, verified_users: 1, subscribed_users: 0 }),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json', ...(last ? {} : { 'X-Next-Cursor': 'next-1' }) },
          },
        );
      }),
    );
    const first = await fetchUsers('admin-token');
    expect(first.nextCursor).toBe('next-1');
    expect(first.total_users).toBe(2);
    const second = await fetchUsers('admin-token', first.nextCursor);
    expect(second.nextCursor).toBeNull();
    expect(second.users.map((u) => u.email)).toEqual(['b@example.com']);
    expect(asked).toEqual(['/api/admin/users', '/api/admin/users?cursor=next-1']);
  });

  it('a refused page is an error, not an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'cursor is not one this server gave (use X-Next-Cursor)' }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await expect(fetchPendingPayments('admin-token', 'forged')).rejects.toThrow();
  });
});
