import { expect, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';

/**
 * The landing page's first load of JavaScript, as bytes on the wire: every
 * script the browser fetches until the network is idle, in the encoding the server sent (Brotli,
 * precompressed at build time). Never the admin panel, the charts, the reader or the profile.
 *
 * The budget: at most 82 KB (82,000 bytes), so that the landing is usable on a slow mobile link.
 * React DOM is most of it; the build fits the rest by loading one first-load chunk, a tree-shaken
 * production React Router (web/build/lean-react-router.ts) and only the modules the landing draws
 * (the measured size: docs/performance.md, "The web app"). The typed API client stays out of it:
 * the first load's GETs go through web/src/api/first-load-get.ts.
 */
const BUDGET_BYTES = 82_000;
let sys: E2eSystem;

test.beforeAll(async () => {
  sys = await startE2eSystem();
});

test.afterAll(async () => {
  await sys?.stop();
});

test('the landing page loads at most 82 KB of JavaScript on the wire, Brotli-compressed, and only its own', async ({
  page,
}) => {
  const scripts = new Map<string, { wire: number; encoding: string | undefined }>();
  const measured: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    measured.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.allHeaders())?.['content-encoding'];
        scripts.set(new URL(request.url()).pathname, { wire: sizes.responseBodySize, encoding });
      })(),
    );
  });
  await page.goto(`${sys.baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(measured);

  const total = [...scripts.values()].reduce((sum, script) => sum + script.wire, 0);
  const listing = [...scripts.entries()]
    .map(([path, { wire, encoding }]) => `${path}: ${(wire / 1024).toFixed(1)} KiB (${encoding})`)
    .join('\n');
  test.info().annotations.push({
    type: 'landing JS on the wire',
    description: `${(total / 1024).toFixed(1)} KiB\n${listing}`,
  });
  expect(scripts.size).toBeGreaterThan(0);
  for (const { encoding } of scripts.values()) expect(encoding, listing).toBe('br');
  expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
  for (const path of scripts.keys())
    expect(path).not.toMatch(/admin|recharts|chart|StoryPage|ProfilePage|CreateStory|Dialog/i);
});
