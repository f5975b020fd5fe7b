import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { cachedBody, jsonArray, variantFor } from './cached-body';

// The compressors, counted (and run as they are).
vi.mock('node:zlib', async (actual) => {
  const zlib = await actual<typeof import('node:zlib')>();
  return { ...zlib, brotliCompressSync: vi.fn(zlib.brotliCompressSync), gzipSync: vi.fn(zlib.gzipSync) };
});

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

  it('compresses a variant the first time a client takes it, and never again', () => {
    vi.mocked(brotliCompressSync).mockClear();
    vi.mocked(gzipSync).mockClear();
    const body = cachedBody(big);
    expect(variantFor(body, undefined).coding).toBeUndefined();
    expect(brotliCompressSync).not.toHaveBeenCalled();
    expect(gzipSync).not.toHaveBeenCalled();
    const gzip = variantFor(body, 'gzip');
    expect(variantFor(body, 'gzip')).toBe(gzip);
    expect(gzipSync).toHaveBeenCalledTimes(1);
    expect(brotliCompressSync).not.toHaveBeenCalled();
    expect(variantFor(body, 'br').bytes).toBe(variantFor(body, 'br, gzip').bytes);
    expect(brotliCompressSync).toHaveBeenCalledTimes(1);
  });
});
