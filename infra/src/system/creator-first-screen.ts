import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { drawnLayerPage } from './route-shells';
import type { WebFile } from './web-file';

/** Written by the web build (web/build/server-renders.ts): the creator page's first screen as a function. */
const RENDERER = join('.vite', 'creator-first-screen.cjs');
const ROUTE = '/creator/:handle';
/** The first page of a creator's stories as the page asks for it (web/src/creators/creator-queries.ts). */
const CREATOR_PAGE = '6';
/**
 * How long the page waits for the two answers before it goes out without the layer, as every
 * page did before: the app asks for them itself.
 */
const ANSWER_WAIT_MS = 250;
/** Pages kept drawn, compressed, by what they were drawn from: the newest ones. */
const KEPT_PAGES = 256;

/** A GET of the query API as a visitor asks it: no session, no age token, no read-your-writes wait. */
export type VisitorGet = (
  url: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

type Render = (creator: unknown, stories: unknown[]) => string;

/** Of the page's request, the headers the query API's visitor answers differ by: the region. */
function visitorHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const region = headers['cf-ipcountry'];
  return typeof region === 'string' ? { 'cf-ipcountry': region } : {};
}

function handleOf(path: string): string | undefined {
  const match = /^\/creator\/([^/]+)\/?$/i.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

function within<T>(ms: number, answer: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * The creator page (`/creator/{handle}`) with its first screen drawn by the server: the header and
 * the first story card as a visitor sees them (web/src/creators/creator-first-screen-render.tsx),
 * from the query API's own answers to a visitor (`get`: the same requests the page makes, so the
 * same gates, premium locks and Explicit covers, and never a hidden story). The card's image is
 * then in the HTML, where the browser's preload scanner finds it at once, and the card is painted
 * with the page's first stylesheets, not once the app's script, the page's chunk and both answers
 * have come. The app takes the layer away as it draws the page (web/src/creators/CreatorPage.tsx),
 * for a member too, whose cards may differ.
 *
 * No layer for a creator the API does not know, or whose answers fail or come late: the page is
 * then the route's shell, and the app answers as before. A page is kept by what it was drawn
 * from (both answers, the region), so it is drawn and compressed once per change of the creator's
 * page. Undefined when the build wrote no renderer.
 */
export function creatorFirstScreens(
  dist: string,
  shell: WebFile,
  get: VisitorGet,
): ((path: string, headers: IncomingHttpHeaders) => Promise<WebFile | undefined> | undefined) | undefined {
  const file = join(dist, RENDERER);
  const page = drawnLayerPage(dist, shell, ROUTE);
  if (!existsSync(file) || !page) return undefined;
  const render = createRequire(import.meta.url)(file).creatorFirstScreenRender as Render;
  const kept = new Map<string, WebFile>();

  async function draw(handle: string, headers: Record<string, string>): Promise<WebFile | undefined> {
    const list = new URLSearchParams({ limit: CREATOR_PAGE, creator: handle });
    const [creator, stories] = await Promise.all([
      get(`/api/creators/${encodeURIComponent(handle)}`, headers),
      get(`/api/stories?${list}`, headers),
    ]);
    if (creator.status !== 200 || stories.status !== 200) return undefined;
    const key = createHash('sha1')
      .update(`${headers['cf-ipcountry'] ?? ''}\n${creator.body}\n${stories.body}`)
      .digest('base64');
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const listed: unknown = JSON.parse(stories.body);
    const drawn = page!(render(JSON.parse(creator.body), Array.isArray(listed) ? listed : []));
    kept.set(key, drawn);
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
    return drawn;
  }

  return (path, headers) => {
    const handle = handleOf(path);
    if (handle === undefined) return undefined;
    return within(ANSWER_WAIT_MS, draw(handle, visitorHeaders(headers))).catch(() => undefined);
  };
}
