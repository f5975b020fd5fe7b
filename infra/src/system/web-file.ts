import { existsSync, readFileSync } from 'node:fs';
import { extname, relative, sep } from 'node:path';
import { type CachedBody, precompressedBody } from '@nocturne/http-kit';

/** The content types of what the web build writes; anything else goes out as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff2': 'font/woff2',
};

/** One file of the build, ready to send. */
export interface WebFile {
  /** Its URL path: `/assets/index-B8cFCiJd.js`. */
  path: string;
  contentType: string;
  /** Its bytes, and the Brotli and gzip variants the build wrote beside it (web/build/precompress.ts). */
  body: CachedBody;
  /** Hashed names (under /assets/) never change: cached for a year; the rest is revalidated. */
  immutable: boolean;
  /** The URL path of its source map, when source maps are served and it has one. */
  sourceMap?: string;
}

/** The file `file` of the build in `dist`, with the variants the build compressed beside it. */
export function readWebFile(dist: string, file: string): WebFile {
  const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  const path = `/${relative(dist, file).split(sep).join('/')}`;
  return {
    path,
    contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    body: precompressedBody(readFileSync(file), variant('.br'), variant('.gz')),
    immutable: path.startsWith('/assets/'),
  };
}
