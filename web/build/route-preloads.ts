import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The routes' table, whose lazy pages are read from its source. */
const ROUTES_MODULE = join(__dirname, '..', 'src', 'app', 'routes.tsx');
/** The file the server reads (infra/src/system/route-shells.ts); a dot folder: never served. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * `const StoryPage = lazy(() => import('../reader/StoryPage'));`, or through a helper that takes
 * a string first: `lazyStartedOn('/story/', () => import('../reader/StoryPage'))`.
 */
const LAZY_PAGE = /const (\w+) = \w+\((?:'[^']*', )?\(\) => import\('([^']+)'\)\);/g;
/** `{ path: '/story/:id', element: <StoryPage /> }` */
const ROUTE = /\{ path: '([^']+)', element: <(\w+) \/> \}/g;

/** A client route and the files its page needs beyond the first load: scripts, then stylesheets. */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

/** The routes of `routes.tsx` whose page is lazy, with the module each imports. */
export function lazyRoutes(source: string): { path: string; specifier: string }[] {
  const pages = new Map([...source.matchAll(LAZY_PAGE)].map((m) => [m[1]!, m[2]!]));
  return [...source.matchAll(ROUTE)].flatMap(([, path, element]) => {
    const specifier = pages.get(element!);
    return specifier ? [{ path: path!, specifier }] : [];
  });
}

/** The chunk's file and every chunk it imports statically, but the entry's (already loading). */
function chunkFiles(chunk: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (current: Rolldown.OutputChunk) => {
    if (current.isEntry || seen.has(current.fileName)) return;
    seen.set(current.fileName, current);
    for (const name of current.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(chunk);
  return [...seen.values()];
}

/**
 * Writes `.vite/route-preloads.json`: for each route of `routes.tsx` with a lazy page, the chunks and
 * stylesheets that page loads. The server names them in the page it answers for that route
 * (`<link rel=modulepreload>`), so they download beside the first-load script instead of after
 * it has run and the router has asked for them. A route whose page is not found in the bundle
 * fails the build: the file would silently go stale.
 */
export function routePreloads(): Plugin {
  let written: RoutePreload[] = [];
  return {
    name: 'nocturne:route-preloads',
    apply: 'build',
    // After Vite's own: it removes the chunks that only import stylesheets, which the page's
    // chunks name among their imports until then.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        // The module's code in the bundle is after the JSX transform: the table is read from its source.
        const table = lazyRoutes(await readFile(ROUTES_MODULE, 'utf8'));
        if (table.length === 0) this.error(`no lazy route found in ${ROUTES_MODULE}`);
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const preloads: RoutePreload[] = [];
        for (const { path, specifier } of table) {
          const resolved = await this.resolve(specifier, ROUTES_MODULE);
          const chunk = chunks.find((c) => resolved && c.facadeModuleId === resolved.id);
          if (!chunk) this.error(`the page of route ${path} (${specifier}) has no chunk of its own`);
          const files = chunkFiles(chunk, bundle);
          preloads.push({
            path,
            scripts: files.map((c) => `/${c.fileName}`),
            styles: files.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
          });
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
        written = preloads;
      },
    },
    // A file named but not written would be a 404 on every visit to its route.
    writeBundle(_options, bundle) {
      for (const route of written)
        for (const file of [...route.scripts, ...route.styles])
          if (!bundle[file.slice(1)])
            this.error(`route ${route.path} names ${file}, which the build did not write`);
    },
  };
}
