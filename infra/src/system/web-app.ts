import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sendCached } from '@nocturne/http-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { creatorFirstScreens, type VisitorGet } from './creator-first-screen';
import { routeShells } from './route-shells';
import { readWebFile, type WebFile } from './web-file';

/** The built SPA: its folder, its files, and its shell (index.html), which every client route answers. */
export interface WebApp {
  dist: string;
  files: WebFile[];
  shell: WebFile;
  /** The shell a client route answers with: its page's chunks named in it (./route-shells.ts). */
  shellFor(path: string): WebFile;
  /**
   * The page of a route whose first screen the server draws from the query API's answers (the
   * creator page's: ./creator-first-screen.ts); undefined for any other route, and a promise of
   * undefined when there is nothing to draw (the route's shell then).
   */
  drawnPageFor?(path: string, headers: FastifyRequest['headers']): Promise<WebFile | undefined> | undefined;
}

export interface WebAppOptions {
  /**
   * Serve the build's source maps (SOURCE_MAPS). Off by default: a map holds the app's own
   * sources, comments included, which a production site has no reason to publish.
   */
  sourceMaps?: boolean;
  /** Where the query API's visitor answers come from: the creator page's first screen is drawn with them. */
  visitorGet?: VisitorGet | undefined;
}

const isSourceMap = (file: string) => file.toLowerCase().endsWith('.map');

/** The files below `dir`; never a dotfile or what a dot folder holds (a tool's own, not the app's). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * The built SPA at `webDist`, or undefined when it has not been built: every file read once, with
 * its variants, and sent from memory: sent from the disk, a file would cost several times the CPU
 * of a cached API answer, and the shell is what every visit starts with (docs/performance.md,
 * "The web app"). The build is done before the server starts (a few MB); a new build needs a restart.
 */
export function builtWebApp(webDist: string | undefined, options: WebAppOptions = {}): WebApp | undefined {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return undefined;
  // The variants are representations of their file, not paths of their own.
  const names = filesUnder(webDist)
    .filter((file) => !/\.(br|gz)$/.test(file))
    .filter((file) => options.sourceMaps === true || !isSourceMap(file));
  const served = new Set(names);
  const files = names.map((file) => {
    const read = readWebFile(webDist, file);
    return served.has(`${file}.map`) ? { ...read, sourceMap: `${read.path}.map` } : read;
  });
  const shell = files.find((file) => file.path === '/index.html');
  if (!shell) throw new Error(`${webDist}: index.html was not read`);
  const drawnPageFor = options.visitorGet && creatorFirstScreens(webDist, shell, options.visitorGet);
  return { dist: webDist, files, shell, shellFor: routeShells(webDist, shell), drawnPageFor };
}

/**
 * A file in the best encoding the client accepts, with a strong ETag per encoding (a 304 when it
 * matches) and `Vary: Accept-Encoding`, so serving a file never compresses anything.
 */
function sendWebFile(file: WebFile, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (file.sourceMap) reply.header('SourceMap', file.sourceMap);
  return sendCached(request, reply, file.body, file.contentType);
}

/**
 * A route per file of the build (no path outside the build can be asked for), and the landing's
 * shell at `/` (./route-shells.ts). The routes carry their file in `config.file`: the metrics count the web app as one route.
 */
export function serveWebApp(app: FastifyInstance, web: WebApp): void {
  for (const file of web.files) {
    app.get(file.path, { config: { file: file.path } }, (request, reply) =>
      sendWebFile(file, request, reply),
    );
  }
  const landing = web.shellFor('/');
  app.get('/', { config: { file: web.shell.path } }, (request, reply) =>
    sendWebFile(landing, request, reply),
  );
}

/** The last path segment has an extension (`/robots.txt`, `/x/y.png`): the path names a file. */
function looksLikeFile(path: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * A GET/HEAD outside the API that no file answered. Client-side routes (and the SPA's own 404
 * page) are the SPA's: its shell. A path that names a file is a missing file: a plain 404,
 * never the SPA's HTML (a crawler asking for /robots.txt or an icon must not get a page).
 */
export function sendSpaIndex(path: string, web: WebApp, request: FastifyRequest, reply: FastifyReply) {
  if (looksLikeFile(path)) return reply.status(404).send({ detail: `No such file: ${path}` });
  const drawn = web.drawnPageFor?.(path, request.headers);
  if (drawn) return drawn.then((page) => sendWebFile(page ?? web.shellFor(path), request, reply));
  return sendWebFile(web.shellFor(path), request, reply);
}
