import { HttpError } from '@nocturne/http-kit';
import { describe, expect, it } from 'vitest';
import { searchRequestFrom } from './search-request';

function refusal(query: unknown): string {
  try {
    searchRequestFrom(query);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as Error).message;
  }
  throw new Error('expected a 400');
}

describe('searchRequestFrom', () => {
  it('takes the trimmed words and a limit, 20 by default', () => {
    expect(searchRequestFrom({ q: '  blue lanterns ' })).toEqual({
      words: 'blue lanterns',
      limit: 20,
      rating: null,
    });
    expect(searchRequestFrom({ q: 'fog', limit: '50' })).toEqual({ words: 'fog', limit: 50, rating: null });
  });

  it('refuses missing, blank, repeated, too long or NUL-bearing words with a detail', () => {
    expect(refusal({})).toMatch(/at least one word/);
    expect(refusal({ q: '   ' })).toMatch(/at least one word/);
    expect(refusal({ q: ['a', 'b'] })).toMatch(/given once/);
    expect(refusal({ q: 'x'.repeat(201) })).toMatch(/at most 200 characters/);
    expect(refusal({ q: 'fog\u0000' })).toBe('q: must not contain a NUL character');
    expect(refusal({ q: 'fog\uD800' })).toBe('q: must not contain an unpaired UTF-16 surrogate');
  });

  it('refuses a limit that is not 1 to 50', () => {
    for (const limit of ['0', '51', '-1', '2.5', 'ten', '', ['1', '2']]) {
      expect(refusal({ q: 'fog', limit })).toMatch(/limit must be a whole number from 1 to 50/);
    }
  });
});
