import { describe, expect, it } from 'vitest';
import { isInternal, normalisePath, upstreamFor } from './gateway';
import { INTERNAL_ROUTE_SPELLINGS } from './testing/internal-route-spellings';
import { upstreamPool } from './upstream-pool';

describe('the gateway routing rule', () => {
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

describe('the gateway reads a path as the services will', () => {
  const internal = (raw: string) => isInternal(normalisePath(raw)?.segments ?? []);

  it('sees the internal routes behind every spelling', () => {
    for (const raw of [...INTERNAL_ROUTE_SPELLINGS, '/internal', '/internal/']) {
      expect(internal(raw), raw).toBe(true);
    }
  });

  it('leaves the public routes as they are', () => {
    expect(internal('/api/stories')).toBe(false);
    expect(internal('/api/internal')).toBe(false);
    expect(internal('/internals')).toBe(false);
    expect(normalisePath('/api/stories/')?.path).toBe('/api/stories/');
    expect(normalisePath('/')?.path).toBe('/');
    expect(normalisePath('/api/admin/users/a%2Bb%40example.com/history')?.path).toBe(
      '/api/admin/users/a%2Bb%40example.com/history',
    );
  });

  it('forwards the normalised path, so the service routes on what was checked', () => {
    expect(normalisePath('//api/./stories/../stories')?.path).toBe('/api/stories');
    expect(normalisePath('/%61pi/stories')?.path).toBe('/api/stories');
    // An encoded slash stays inside its segment.
    expect(normalisePath('/api/stories/a%2F..%2Finternal')?.path).toBe('/api/stories/a%2F..%2Finternal');
  });

  it('refuses a path that does not decode', () => {
    expect(normalisePath('/api/%E0%A4%A')).toBeUndefined();
    expect(normalisePath('/%zz')).toBeUndefined();
  });
});

describe('the processes of a service', () => {
  it('are taken in turn, without their trailing slash', () => {
    const pool = upstreamPool(['http://127.0.0.1:4102/', 'http://127.0.0.1:4103']);
    expect([pool.next(), pool.next(), pool.next(), pool.next()]).toEqual([
      'http://127.0.0.1:4102',
      'http://127.0.0.1:4103',
      'http://127.0.0.1:4102',
      'http://127.0.0.1:4103',
    ]);
    const one = upstreamPool(['http://query-api:4002']);
    expect([one.next(), one.next()]).toEqual(['http://query-api:4002', 'http://query-api:4002']);
  });

  it('pass over one that refused a connection until its rest is over, then try it again', () => {
    let now = 0;
    const pool = upstreamPool(['http://a', 'http://b', 'http://c'], { restMs: 1_000, now: () => now });
    pool.refused('http://b');
    expect([pool.next(), pool.next(), pool.next(), pool.next()]).toEqual([
      'http://a',
      'http://c',
      'http://a',
      'http://c',
    ]);
    now = 1_000;
    expect([pool.next(), pool.next(), pool.next()]).toEqual(['http://a', 'http://b', 'http://c']);
  });

  it('take the next one anyway when every one is resting', () => {
    const pool = upstreamPool(['http://a', 'http://b'], { now: () => 0 });
    pool.refused('http://a');
    pool.refused('http://b');
    expect([pool.next(), pool.next(), pool.next()]).toEqual(['http://a', 'http://b', 'http://a']);
  });
});
