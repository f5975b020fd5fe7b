import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';

/**
 * The landing page's initial JavaScript (issue 6): at most 120 KB gzipped, measured as a browser
 * loads it (every script fetched until the network is idle, gzipped at level 9), and never the
 * admin panel or the charting library.
 */

const BUDGET_BYTES = 120 * 1024;
let sys: E2eSystem;

test.beforeAll(async () => {
  sys = await startE2eSystem();
});

test.afterAll(async () => {
  await sys?.stop();
});

test('the landing page loads at most 120 KB of gzipped JavaScript, without admin or charts', async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  await page.goto(`${sys.baseURL}/`);
  await page.waitForLoadState('networkidle');
  await Promise.all(bodies);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const listing = [...scripts.entries()]
    .map(([path, size]) => `${path}: ${(size / 1024).toFixed(1)} KB`)
    .join('\n');
  test.info().annotations.push({
    type: 'landing JS (gzip)',
    description: `${(total / 1024).toFixed(1)} KB\n${listing}`,
  });
  expect(scripts.size).toBeGreaterThan(0);
  expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
  for (const path of scripts.keys()) expect(path).not.toMatch(/admin|recharts|chart/i);
});
