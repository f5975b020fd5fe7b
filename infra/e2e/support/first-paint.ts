import type { Page } from '@playwright/test';

/**
 * Holds the app's first-load script back until the returned `release` is called, so that a test
 * sees what the page draws by itself (its early layers) before the app has run.
 *
 * @example
 *   const release = await holdAppScript(page);
 *   await page.goto('/studio', { waitUntil: 'commit' });
 *   // … the page's own first screen …
 *   release();
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * Records every layout shift from now on; the returned function reads them (their values), so a
 * test can say that the app took the place of the page's early layer without moving anything.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}
