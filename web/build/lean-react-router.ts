import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** `Link.displayName = "Link";` at the top level: only developer tools read it. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `React10.forwardRef(` / `React.createContext(` / `React3.memo(` at the top level of a declaration. */
const COMPONENT_FACTORY = /(= )(React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * React Router in its production build, and tree-shakeable (issue 16: the landing's first load
 * must fit 80 KB of Brotli JavaScript). React Router 7 ships one big module and exports its
 * development build only (dev warnings on); its top-level `forwardRef`/`createContext` calls
 * carry no `@__PURE__` mark and every component gets a `displayName` written at the top level, so
 * the bundler keeps `NavLink`, `Form`, `ScrollRestoration`... although no page uses them. This
 * plugin resolves `react-router` (and `react-router/dom`) to the production build (same code, dev warnings off), drops
 * the `displayName` writes and marks the factories pure, so only what a page uses is bundled.
 */
export function leanReactRouter(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  // Both entries, so that no module pulls the development chunk (a second copy, other contexts).
  const production: Record<string, string> = {
    'react-router': join(dist, 'index.mjs'),
    'react-router/dom': join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'nocturne:lean-react-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return production[source] ?? null;
    },
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id)) return null;
      return {
        code: code.replace(DISPLAY_NAME, '').replace(COMPONENT_FACTORY, '$1/* @__PURE__ */ $2'),
        map: null,
      };
    },
  };
}
