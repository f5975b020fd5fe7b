import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { precompressedBody } from '@nocturne/http-kit';
import type { WebFile } from './web-file';

/** Written by the web build (web/build/route-preloads.ts): a route's page's scripts and stylesheets. */
const ROUTE_PRELOADS = join('.vite', 'route-preloads.json');
/** Written by the web build (web/build/early-scripts.ts): the app's loader, named by its hash. */
const APP_START = join('.vite', 'app-start.json');
/** Written by the web build (web/build/first-renders.ts): the landing's first render. */
const LANDING_FIRST_RENDER = join('.vite', 'landing-first-render.html');
const ROOT = '<div id="root"></div>';

interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

interface RouteShell {
  /** The route's segments, lower-cased; `null` where the route takes any one segment (`:id`). */
  segments: (string | null)[];
  shell: WebFile;
}

/**
 * A route's own early script (built by web/build/early-scripts.ts), run as soon as the page is
 * parsed: the reader's asks for the story of a visitor without a session while the app's script
 * is still on its way, the creator page's for the creator and their first stories, the studio's
 * shows its first screen (EARLY_LAYERS). The profile's asks for the signed-in reader's Continue reading shelf and their
 * session's user, to draw its first screen: `async`, it runs as soon as it has come, its requests
 * not waiting for the page's stylesheets nor in one task with the first-load script.
 */
const EARLY_SCRIPTS: Record<string, { src: string; async?: true }> = {
  '/story/:id': { src: '/story-start.js' },
  '/creator/:handle': { src: '/creator-start.js' },
  '/profile': { src: '/profile-start.js', async: true },
  '/studio': { src: '/studio-start.js' },
};

/**
 * A route's first screen drawn by its page before the app's script has run, written by the web
 * build (web/build/first-renders.ts), put after the app's root: the reader's first slide with
 * empty slots, hidden until the page's early script fills it from the story's answer
 * (web/src/reader/story-start.ts), over the app's root until the app's reader replaces it; the
 * profile's top with its first Continue reading cards, filled likewise from the session's and the
 * shelf's answers (web/src/reading/profile-start.ts); the studio's first screen, shown for a stored
 * session (web/src/studio/studio-start.ts, LAYER_PAINTS) until the app draws the studio.
 */
const EARLY_LAYERS: Record<string, string> = {
  '/story/:id': join('.vite', 'reader-first-slide.html'),
  '/profile': join('.vite', 'profile-first-screen.html'),
  '/studio': join('.vite', 'studio-first-screen.html'),
};

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The shell as `html`, compressed once as the build's own files are; a page drawn for one request
 * (drawnLayerPage) at a faster setting.
 */
function shellOf(shell: WebFile, html: string, fast = false): WebFile {
  const bytes = Buffer.from(html);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return { ...shell, body: precompressedBody(bytes, br, gzipSync(bytes, { level: fast ? 6 : 9 })) };
}

const shellHtml = (shell: WebFile) => shell.body.identity.bytes.toString('utf8');

/** The route's early layer (EARLY_LAYERS) as the build wrote it; none if the build wrote none. */
function earlyLayerOf(dist: string, route: RoutePreload): string {
  const layer = EARLY_LAYERS[route.path];
  const file = layer === undefined ? undefined : join(dist, layer);
  return file !== undefined && existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/**
 * The routes whose page names, of its own files, only what its early layer's paint needs: every
 * file that has come before that paint holds it back on a slow link, and the app asks for the
 * rest as it draws the page.
 * - `first-paint` (the studio's): the layer is decided by the page's first paint (it needs no
 *   answer, only to know whether a session is stored): the stylesheets that style the layer
 *   applied, and the early script run where it stands, first in the head, rather than deferred
 *   (it only reads the browser's storage), so the layer is styled and shown, or not, in the first
 *   frame, whatever the app's script is doing by then.
 * - `answered` (the reader's first slide, the profile's first screen): the layer waits for the
 *   early script's answers: the stylesheets that style it named for later, which that script
 *   applies as it shows the layer, the script deferred or async as on other routes. The app
 *   starts the page's chunk once the layer has been drawn (web/src/app/lazy-started-on.tsx).
 */
const LAYER_PAINTS: Record<string, 'first-paint' | 'answered'> = {
  '/studio': 'first-paint',
  '/story/:id': 'answered',
  '/profile': 'answered',
};

/**
 * The routes whose page names the app's own script for later (appScriptForLater) when it carries
 * its layer: the reader's, as the creator page the server draws (drawnLayerPage). The profile and
 * the studio keep it in the head: there it moved the first paint earlier as well, and the app's
 * start, then after the first paint, counted as blocking time more than the earlier largest
 * paint gained (docs/performance.md, "The app's script after the first screen").
 */
const APP_SCRIPT_AFTER_LAYER = new Set(['/story/:id']);

/** The app's first-load script as the build names it in the shell's head. */
const APP_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;

/**
 * The shell with the app's first-load script named for later (`<meta name="nocturne-app">`)
 * rather than fetched with the page, and the app's loader after the page's early script, deferred
 * like it: the loader starts the app's script once the early script's layer has been painted
 * (web/src/early-scripts/app-start.ts). On a slow link the app's script, the largest file of a
 * first load, would otherwise come before the layer's answers and image, and the layer's paint
 * would wait for it (docs/performance.md, "The app's script after the first screen"). The shell as
 * it is for a build without the loader.
 */
function appScriptForLater(dist: string, html: string): string {
  const file = join(dist, APP_START);
  if (!existsSync(file)) return html;
  const loader = (JSON.parse(readFileSync(file, 'utf8')) as { src: string }).src;
  return html.replace(
    APP_SCRIPT,
    (_, src: string) =>
      `<meta name="nocturne-app" content="${src}"><script src="${escapeAttribute(loader)}" defer></script>`,
  );
}

/** The class names the layer's markup carries. */
const classesOf = (layer: string) =>
  new Set([...layer.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));

/** Of the route's stylesheets, those with a rule for a class the layer carries. */
function stylesOfLayer(dist: string, route: RoutePreload, layer: string): Set<string> {
  const classes = classesOf(layer);
  return new Set(
    route.styles.filter((href) => {
      const file = join(dist, href);
      if (!existsSync(file)) return false;
      const named = readFileSync(file, 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g);
      return [...named].some((match) => classes.has(match[1]!));
    }),
  );
}

/**
 * The route's files named in its head: its scripts and stylesheets fetched beside the first-load
 * script, at low priority; for a route that names only what its layer's paint needs
 * (LAYER_PAINTS), only the layer's stylesheets, applied or for later.
 */
function routeLinks(dist: string, route: RoutePreload, layer: string): string {
  const paint = layer === '' ? undefined : LAYER_PAINTS[route.path];
  // A preload for later is `crossorigin`, as the stylesheet link the app makes for it (Vite's
  // loader): a preload serves only a request of its own mode; another fetches the file again.
  const styleLink = (href: string) =>
    paint === 'first-paint'
      ? `<link rel="stylesheet" href="${escapeAttribute(href)}">`
      : `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}" fetchpriority="low">`;
  if (paint !== undefined) return [...stylesOfLayer(dist, route, layer)].map(styleLink).join('');
  return [
    ...route.scripts.map(
      (href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" fetchpriority="low">`,
    ),
    ...route.styles.map(styleLink),
  ].join('');
}

/** The shell with the route's files named in its head, and its early layer after the root. */
function shellWithPreloads(dist: string, shell: WebFile, route: RoutePreload, layer: string): WebFile {
  const firstPaint = layer !== '' && LAYER_PAINTS[route.path] === 'first-paint';
  const links = routeLinks(dist, route, layer);
  const early = EARLY_SCRIPTS[route.path];
  const script = (mode: '' | ' defer' | ' async') =>
    early ? `<script src="${escapeAttribute(early.src)}"${mode}></script>` : '';
  // Otherwise before the first-load script: deferred, it runs once the page is parsed, just
  // before that script, however late it arrives beside it; async, as soon as it has come.
  const html = (
    firstPaint
      ? shellHtml(shell)
          .replace('<head>', `<head>${script('')}`)
          .replace('</head>', `${links}</head>`)
      : shellHtml(shell)
          .replace('</head>', `${links}</head>`)
          .replace(/<script|<\/head>/, (next) => `${script(early?.async ? ' async' : ' defer')}${next}`)
  ).replace(ROOT, `${ROOT}${layer}`);
  return shellOf(
    shell,
    layer !== '' && APP_SCRIPT_AFTER_LAYER.has(route.path) ? appScriptForLater(dist, html) : html,
  );
}

/**
 * The page of a route whose early layer the server draws for each page from the query API's
 * answers (the creator page's: ./creator-first-screen.ts): its shell, with the route's
 * stylesheets applied rather than named for later, so that the layer is styled by the first
 * paint, and `layer` after the app's root. Undefined when the build named no files for the route.
 */
export function drawnLayerPage(
  dist: string,
  shell: WebFile,
  path: string,
): ((layer: string) => WebFile) | undefined {
  const file = join(dist, ROUTE_PRELOADS);
  const preloads: RoutePreload[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const route = preloads.find((preload) => preload.path === path);
  if (!route || !shellHtml(shell).includes(ROOT)) return undefined;
  const early = EARLY_SCRIPTS[path];
  const styles = route.styles
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join('');
  const html = shellHtml(shell)
    .replace('</head>', `${styles}</head>`)
    .replace(/<script|<\/head>/, (next) =>
      early ? `<script src="${escapeAttribute(early.src)}" defer></script>${next}` : next,
    );
  // The app's script named for later, as on the reader's page: the loader starts it once the
  // early script has seen the layer painted.
  const page = appScriptForLater(dist, html);
  return (layer) => shellOf(shell, page.replace(ROOT, `${ROOT}${layer}`), true);
}

/**
 * The landing's shell: the app's first render of the landing in its root (written by the build,
 * web/build/first-renders.ts), in a `first-render` box the app's own tree replaces. Its text
 * paints before the app's script has run; the shell's style hides, in that box, what depends on
 * the session until the app draws it.
 */
function landingShell(dist: string, shell: WebFile): WebFile | undefined {
  const file = join(dist, LANDING_FIRST_RENDER);
  const html = shellHtml(shell);
  if (!existsSync(file) || !html.includes(ROOT)) return undefined;
  const markup = readFileSync(file, 'utf8');
  return shellOf(shell, html.replace(ROOT, `<div id="root"><div class="first-render">${markup}</div></div>`));
}

/**
 * The shell each client route answers with: for a route whose page is its own chunk, the shell
 * naming that chunk, the chunks it imports and its stylesheets, so the browser fetches them
 * beside the first-load script rather than once that script has run and the router asks for
 * them (docs/performance.md, "The web app"). At low priority: they share a slow connection
 * with the first-load script and stylesheet, which draw the page's first paint. A route may have
 * an early script of its own (EARLY_SCRIPTS), which starts the page's data. Routes match as
 * the router matches them (a parameter takes one segment, case and a trailing slash aside); a
 * route that is only parameters (the staff panel's `/:section`) or no route at all gets the
 * plain shell; the landing (`/`) gets its first render (landingShell), the reader its early
 * first slide and the profile its early first screen (EARLY_LAYERS).
 */
export function routeShells(dist: string, shell: WebFile): (path: string) => WebFile {
  const landing = landingShell(dist, shell) ?? shell;
  const file = join(dist, ROUTE_PRELOADS);
  const preloads: RoutePreload[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const routes: RouteShell[] = preloads
    .map((route) => ({
      segments: segmentsOf(route.path).map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
      route,
    }))
    .filter(({ segments }) => segments.some((segment) => segment !== null) && !segments.includes('*'))
    .map(({ segments, route }) => ({
      segments,
      shell: shellWithPreloads(dist, shell, route, earlyLayerOf(dist, route)),
    }));
  return (path) => {
    const asked = segmentsOf(path);
    if (asked.length === 0) return landing;
    const match = routes.find(
      ({ segments }) =>
        segments.length === asked.length &&
        segments.every((segment, i) => segment === null || segment === asked[i]!.toLowerCase()),
    );
    return match?.shell ?? shell;
  };
}
