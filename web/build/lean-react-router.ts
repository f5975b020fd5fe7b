import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** `Link.displayName = "Link";` at the top level: only developer tools read it. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
const DATA_ROUTER = /\b(?:createBrowserRouter|createHashRouter|createMemoryRouter|RouterProvider)\b/;

/** Calls of React Router's console warnings (not their definitions): `false && warning(...)`. */
const WARNING_CALL = /(?<![\w$.]|function )\b(warning|warningOnce)\(/g;
const INVARIANT_CALL = /(?<![\w$.]|function )\binvariant2?\(/g;

/** Skips the string, template or comment starting at `i`; returns the index of its last character. */
function skipLiteral(code: string, i: number): number {
  const c = code[i];
  if (c === '/' && code[i + 1] === '/') return code.indexOf('\n', i);
  if (c === '/' && code[i + 1] === '*') return code.indexOf('*/', i) + 1;
  let braces = 0;
  for (let j = i + 1; j < code.length; j++) {
    if (code[j] === '\\') j++;
    else if (c === '`' && code[j] === '$' && code[j + 1] === '{') braces++;
    else if (c === '`' && braces > 0 && code[j] === '}') braces--;
    else if (code[j] === c && braces === 0) return j;
  }
  return code.length;
}

/** The first top-level comma and the closing parenthesis of the call whose arguments start at `from`. */
function callExtent(code: string, from: number): { comma: number; end: number } | null {
  let depth = 0;
  let comma = -1;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`' || (c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')))
      i = skipLiteral(code, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return comma < 0 ? null : { comma, end: i };
      depth--;
    } else if (c === ',' && depth === 0 && comma < 0) comma = i;
  }
  return null;
}

/**
 * `invariant(condition, message)` keeps its condition and still throws, without the message:
 * the messages explain programming errors (a hook outside a router...), which tests and the dev
 * server show (they run React Router's own build); the bundle need not carry ~1 KB of them.
 */
function dropInvariantMessages(code: string): string {
  let out = '';
  let last = 0;
  for (const match of code.matchAll(INVARIANT_CALL)) {
    const start = match.index + match[0].length;
    if (start < last) continue;
    const extent = callExtent(code, start);
    if (!extent) continue;
    out += `${code.slice(last, extent.comma)}, ""`;
    last = extent.end;
  }
  return out + code.slice(last);
}

/** `React10.forwardRef(` / `React.createContext(` / `React3.memo(` at the top level of a declaration. */
const COMPONENT_FACTORY = /(= )(React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * Code that a declarative `<BrowserRouter>` app never runs, cut where it is reached: `<Link>`'s
 * prefetching (`usePrefetchBehavior` answers false and `<PrefetchPageLinks>` is not rendered
 * without a framework context), the data router's state in `_renderMatches` (error boundaries,
 * hydration fallbacks: `useRoutes` passes none), the data-route `useNavigate` and the RSC error
 * handler. Each must match once: an upgrade that changes this code fails the build instead of
 * silently keeping or breaking it; a data router in the app fails it too (see `transform`).
 */
const UNREACHABLE_IN_DECLARATIVE_MODE: [RegExp, string][] = [
  [/\/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/g, 'null'],
  [/\/\* @__PURE__ \*\/ React\d*\.createElement\(RSCErrorHandler, \{ error \}, result\)/g, 'result'],
  [/let dataRouterState = dataRouterOpts\?\.state;/g, 'let dataRouterState = void 0;'],
  [/= usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/g, '= [false, null, {}];'],
  [
    /return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);/g,
    'return useNavigateUnstable();',
  ],
  [/^RenderErrorBoundary\.contextType = RSCRouterContext;$/gm, ''],
];

function cutUnreachable(code: string, id: string): string {
  let out = code;
  for (const [pattern, replacement] of UNREACHABLE_IN_DECLARATIVE_MODE) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1)
      throw new Error(`lean-react-router: ${pattern} found ${found} times in ${id}, expected once`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/**
 * React Router in its production build, and tree-shakeable (the landing's first load
 * must fit 82 KB of Brotli JavaScript). React Router 7 ships one big module and exports its
 * development build only (dev warnings on); its top-level `forwardRef`/`createContext` calls
 * carry no `@__PURE__` mark and every component gets a `displayName` written at the top level, so
 * the bundler keeps `NavLink`, `Form`, `ScrollRestoration`... although no page uses them. This
 * plugin resolves `react-router` (and `react-router/dom`) to the production build (same code,
 * dev warnings off), drops the `displayName` writes and the console warnings, marks the factories
 * pure and cuts the paths above, so only what a page uses is bundled. Build only: tests and the
 * dev server keep React Router's own build, with its warnings and checks.
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
      if (!ROUTER_CHUNK.test(id)) {
        // The cuts above hold for a declarative <BrowserRouter> app only: a data router would
        // lose its error boundaries and loaders' state silently, so its use fails the build.
        if (!id.includes('node_modules') && DATA_ROUTER.test(code))
          this.error(`${id} uses a data router; web/build/lean-react-router.ts assumes <BrowserRouter> only`);
        return null;
      }
      const lean = code
        .replace(DISPLAY_NAME, '')
        .replace(WARNING_CALL, 'false && $1(')
        .replace(COMPONENT_FACTORY, '$1/* @__PURE__ */ $2');
      return {
        code: dropInvariantMessages(
          lean.includes('function _renderMatches(') ? cutUnreachable(lean, id) : lean,
        ),
        map: null,
      };
    },
  };
}
