import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoutes } from './route-preloads';

const routesSource = readFileSync(join(__dirname, '..', 'src', 'app', 'routes.tsx'), 'utf8');

describe('the lazy routes read from routes.tsx', () => {
  it('are every route but the landing, which comes with the first-load script', () => {
    const paths = [...routesSource.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(10);
    expect(['/', ...lazyRoutes(routesSource).map((route) => route.path)]).toEqual(paths);
  });

  it('pair each path with the module its page is imported from', () => {
    const source = [
      "const StoryPage = lazyStartedOn('/story/', () => import('../reader/StoryPage'));",
      "const PolicyPage = lazy(() => import('../policy/PolicyPage'));",
      'const Eager = () => null;',
      'export const routes = [',
      "  { path: '/story/:id', element: <StoryPage /> },",
      "  { path: '/policy', element: <PolicyPage /> },",
      "  { path: '/eager', element: <Eager /> },",
      '];',
    ].join('\n');
    expect(lazyRoutes(source)).toEqual([
      { path: '/story/:id', specifier: '../reader/StoryPage' },
      { path: '/policy', specifier: '../policy/PolicyPage' },
    ]);
  });
});
