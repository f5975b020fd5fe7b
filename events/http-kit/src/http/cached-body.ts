import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { JSON_TYPE, type PreparedAnswer } from './prepared-answer';

/** Below this many bytes an answer goes out as it is (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** One representation of a cached answer: its bytes, its strong ETag, its Content-Encoding. */
export interface Variant {
  bytes: Buffer;
  etag: string;
  coding: 'br' | 'gzip' | undefined;
}

/**
 * An answer kept ready to send: its bytes, a strong ETag per representation, and its Brotli and
 * gzip variants. A file of the web build has the ones its build wrote (precompressedBody). A
 * serialised JSON answer (cachedBody) has them above 1 KB, each made once, the first time a
 * client accepts it, so a cached answer is never compressed again per request. Not before:
 * under a stream of likes the stories projection moves, and a new snapshot is made, every few
 * milliseconds, and compressing each snapshot's list at once cost more than its answers to
 * clients that took a compressed one between two snapshots.
 */
export interface CachedBody {
  readonly identity: Variant;
  readonly br?: Variant | undefined;
  readonly gzip?: Variant | undefined;
}

/** A strong ETag of the bytes as they are; each compressed variant's adds its coding. */
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
const codedEtag = (etag: string, suffix: 'br' | 'gz') => `${etag.slice(0, -1)}-${suffix}"`;

export function cachedBody(json: string, compress = true): CachedBody {
  const bytes = Buffer.from(json);
  const etag = etagOf(bytes);
  const identity: Variant = { bytes, etag, coding: undefined };
  if (!compress || bytes.length < COMPRESS_FROM_BYTES) return { identity };
  let br: Variant | undefined;
  let gzip: Variant | undefined;
  return {
    identity,
    get br() {
      br ??= {
        bytes: brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        etag: codedEtag(etag, 'br'),
        coding: 'br',
      };
      return br;
    },
    get gzip() {
      gzip ??= { bytes: gzipSync(bytes, { level: 6 }), etag: codedEtag(etag, 'gz'), coding: 'gzip' };
      return gzip;
    },
  };
}

/**
 * A file's bytes and the variants a build compressed ahead of time (either may be missing): a
 * cached body like any other, whose variants are never made at run time.
 */
export function precompressedBody(
  bytes: Buffer,
  br: Buffer | undefined,
  gzip: Buffer | undefined,
): CachedBody {
  const etag = etagOf(bytes);
  return {
    identity: { bytes, etag, coding: undefined },
    br: br && { bytes: br, etag: codedEtag(etag, 'br'), coding: 'br' },
    gzip: gzip && { bytes: gzip, etag: codedEtag(etag, 'gz'), coding: 'gzip' },
  };
}

/** The JSON array of already serialised entries. */
export const jsonArray = (entries: readonly string[]) => `[${entries.join(',')}]`;

function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * What an Accept-Encoding header accepts, parsed once per distinct header: clients send a few
 * spellings, over and over. Bounded: the least recently used goes.
 */
const acceptedCodings = new LRUCache<string, { br: boolean; gzip: boolean }>({ max: 256 });

function accepted(header: string | undefined): { br: boolean; gzip: boolean } | undefined {
  if (!header) return undefined;
  let codings = acceptedCodings.get(header);
  if (!codings) {
    codings = { br: accepts(header, 'br'), gzip: accepts(header, 'gzip') };
    acceptedCodings.set(header, codings);
  }
  return codings;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The best variant the client accepts: Brotli, gzip, or the bytes as they are. */
export function variantFor(body: CachedBody, acceptEncoding: string | undefined): Variant {
  const codings = accepted(acceptEncoding);
  // The client's codings first: a variant is made only when someone takes it.
  const br = codings?.br ? body.br : undefined;
  if (br) return br;
  const gzip = codings?.gzip ? body.gzip : undefined;
  if (gzip) return gzip;
  return body.identity;
}

/**
 * What a cached body answers one request: the best variant the client accepts (Brotli, gzip, or
 * as it is), or a 304 without a body when If-None-Match names that variant's ETag.
 */
export function answerOf(
  body: CachedBody,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): { status: 200 | 304; variant: Variant } {
  const variant = variantFor(body, acceptEncoding);
  return { status: matches(ifNoneMatch, variant.etag) ? 304 : 200, variant };
}

/**
 * A cached answer (see answerOf) as a prepared one: the headers it shares with every
 * representation (`head`, extended in place), then its ETag, and for a 200 its
 * Content-Encoding and Content-Type with the variant's bytes.
 */
export function preparedFrom(
  head: string[],
  { status, variant }: { status: 200 | 304; variant: Variant },
  contentType = JSON_TYPE,
): PreparedAnswer {
  head.push('ETag', variant.etag);
  if (status === 304) return { status, headers: head, body: undefined };
  if (variant.coding) head.push('Content-Encoding', variant.coding);
  head.push('Content-Type', contentType);
  return { status, headers: head, body: variant.bytes };
}

/**
 * Sends a cached answer (see answerOf) with its ETag, as JSON unless told otherwise.
 * Content-Encoding is set, so the compression hook leaves the bytes alone.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  contentType = JSON_TYPE,
) {
  const { status, variant } = answerOf(
    body,
    request.headers['accept-encoding'],
    request.headers['if-none-match'],
  );
  reply.header('ETag', variant.etag);
  if (status === 304) return reply.status(304).send();
  if (variant.coding) reply.header('Content-Encoding', variant.coding);
  return reply.header('Content-Type', contentType).send(variant.bytes);
}
