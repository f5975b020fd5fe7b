import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leanReactRouter } from './lean-react-router';

const plugin = leanReactRouter();
const dist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const chunkId = join(
  dist,
  readdirSync(dist).find(
    (name) =>
      name.endsWith('.mjs') && readFileSync(join(dist, name), 'utf8').includes('function _renderMatches('),
  ) ?? 'missing',
);

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => { code: string } | null;
const transform = plugin.transform as unknown as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('leanReactRouter', () => {
  it('resolves react-router and react-router/dom to the production build', () => {
    const resolve = plugin.resolveId as unknown as (source: string) => string | null;
    expect(resolve('react-router')).toBe(join(dist, 'index.mjs'));
    expect(resolve('react-router/dom')).toBe(join(dist, 'dom-export.mjs'));
    expect(resolve('react')).toBeNull();
  });

  it('cuts what a BrowserRouter app never runs from the router module, and keeps the rest', () => {
    const source = readFileSync(chunkId, 'utf8');
    const out = transform.call(context, source, chunkId)?.code ?? '';
    expect(out).not.toMatch(/createElement\(PrefetchPageLinks, \{ page: href \}\)/);
    expect(out).not.toMatch(/createElement\(RSCErrorHandler, \{ error \}, result\)/);
    expect(out).not.toContain('let dataRouterState = dataRouterOpts?.state;');
    expect(out).not.toMatch(/^Link\.displayName = "Link";$/m);
    expect(out).toMatch(/var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(out).not.toMatch(/(?<!false && )\bwarning\(false,/);
    expect(out).not.toContain('may be used only in the context of a <Router> component');
    expect(out).toMatch(/invariant\(\s*useInRouterContext\(\), ""\)/);
    expect(out).toContain('function BrowserRouter(');
    expect(out).toContain('function useRoutes(');
  });

  it('fails the build when the app adopts a data router', () => {
    const app = "import { createBrowserRouter } from 'react-router-dom';";
    expect(() => transform.call(context, app, '/repo/web/src/app/App.tsx')).toThrow(/data router/);
    expect(
      transform.call(
        context,
        "import { BrowserRouter } from 'react-router-dom';",
        '/repo/web/src/app/App.tsx',
      ),
    ).toBeNull();
  });
});
