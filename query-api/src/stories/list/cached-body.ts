import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes out as it is (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A serialised JSON answer kept ready to send: its bytes, a strong ETag per representation, and
 * (above 1 KB) its Brotli and gzip variants made once, so a cached answer is never compressed
 * again per request.
 */
export interface CachedBody {
  identity: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export function cachedBody(json: string, compress = true): CachedBody {
  const identity = Buffer.from(json);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  if (!compress || identity.length < COMPRESS_FROM_BYTES) return { identity, etag };
  return {
    identity,
    etag,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/** The JSON array of already serialised entries. */
export const jsonArray = (entries: readonly string[]) => `[${entries.join(',')}]`;

function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a cached answer: the best variant the client accepts (Brotli, gzip, or as it is), with
 * its ETag; a 304 without a body when If-None-Match names that ETag. Content-Encoding is set,
 * so the compression hook leaves the bytes alone.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  const acceptEncoding = request.headers['accept-encoding'];
  const [coding, bytes, etag] =
    body.br && accepts(acceptEncoding, 'br')
      ? (['br', body.br, `${body.etag.slice(0, -1)}-br"`] as const)
      : body.gzip && accepts(acceptEncoding, 'gzip')
        ? (['gzip', body.gzip, `${body.etag.slice(0, -1)}-gz"`] as const)
        : (['identity', body.identity, body.etag] as const);
  reply.header('ETag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (coding !== 'identity') reply.header('Content-Encoding', coding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}
