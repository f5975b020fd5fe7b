import { describe, expect, it } from 'vitest';
import { upstreamFor } from './gateway';

describe('the gateway routing rule (design.md section 1)', () => {
  it('sends GET and HEAD under /api to query-api', () => {
    expect(upstreamFor('GET', '/api/stories')).toBe('query-api');
    expect(upstreamFor('HEAD', '/api/stories/1')).toBe('query-api');
    expect(upstreamFor('GET', '/api')).toBe('query-api');
  });

  it('sends every other method to command-api, whatever the path', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(upstreamFor(method, '/api/stories')).toBe('command-api');
      expect(upstreamFor(method, '/anything')).toBe('command-api');
    }
  });

  it('leaves other GET and HEAD paths to the SPA', () => {
    expect(upstreamFor('GET', '/')).toBeUndefined();
    expect(upstreamFor('GET', '/story/1')).toBeUndefined();
    expect(upstreamFor('HEAD', '/apixyz')).toBeUndefined();
  });
});
