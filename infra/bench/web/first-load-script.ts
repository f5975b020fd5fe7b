import type { Browser } from '@playwright/test';

/**
 * The landing's first-load budget: 82,000 bytes of Brotli, as infra/e2e/bundle-size.spec.ts
 * enforces it.
 */
export const LANDING_SCRIPT_BUDGET = 82_000;

/**
 * The landing page's first load of JavaScript as the bundle-size spec measures it: the bodies on
 * the wire (Brotli) of every script fetched until the network is idle, without the worker.
 */
export async function landingFirstLoadScript(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  } finally {
    await context.close();
  }
}
