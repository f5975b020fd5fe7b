import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedBody, jsonArray, variantFor } from './cached-body';

const big = jsonArray(
  Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `story-${i}`, text: 'x'.repeat(20) })),
);

describe('a cached answer and its variants', () => {
  it('keeps Brotli and gzip variants above 1 KB, each with its own strong ETag', () => {
    const body = cachedBody(big);
    expect(brotliDecompressSync(body.br!.bytes).toString()).toBe(big);
    expect(gunzipSync(body.gzip!.bytes).toString()).toBe(big);
    const tags = [body.identity.etag, body.br!.etag, body.gzip!.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(cachedBody('[]').br).toBeUndefined();
  });

  it('sends the best variant the client accepts, the same for every spelling of one choice', () => {
    const body = cachedBody(big);
    expect(variantFor(body, 'br, gzip').coding).toBe('br');
    expect(variantFor(body, 'gzip, deflate, br;q=0').coding).toBe('gzip');
    expect(variantFor(body, 'BR;q=0.5').coding).toBe('br');
    expect(variantFor(body, '*').coding).toBe('br');
    expect(variantFor(body, 'identity').coding).toBeUndefined();
    expect(variantFor(body, undefined).coding).toBeUndefined();
    // Asked again (the parse is kept per header): the same answer.
    expect(variantFor(body, 'gzip, deflate, br;q=0').coding).toBe('gzip');
    expect(variantFor(cachedBody('[]'), 'br').coding).toBeUndefined();
  });
});
