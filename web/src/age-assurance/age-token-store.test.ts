// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/client';
import { currentAgeToken, keepAgeToken } from './age-token-store';

const headersSent = () => {
  const sent: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      sent.push(init.headers as Record<string, string>);
      return new Response('{}', { status: 200 });
    }),
  );
  return sent;
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the visitor's age token in the browser", () => {
  it('is sent as X-Age-Assurance on every API call while it has not expired', async () => {
    const sent = headersSent();
    await apiFetch('/api/stories');
    expect(sent[0]!['X-Age-Assurance']).toBeUndefined();
    keepAgeToken('tok.en', new Date(Date.now() + 60_000).toISOString());
    await apiFetch('/api/stories');
    await apiFetch('/api/stories/s1/like', { method: 'POST' });
    expect(sent[1]!['X-Age-Assurance']).toBe('tok.en');
    expect(sent[2]!['X-Age-Assurance']).toBe('tok.en');
  });

  it('is forgotten once expired', async () => {
    keepAgeToken('old', new Date(Date.now() - 1000).toISOString());
    expect(currentAgeToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    const sent = headersSent();
    await apiFetch('/api/stories');
    expect(sent[0]!['X-Age-Assurance']).toBeUndefined();
  });
});
