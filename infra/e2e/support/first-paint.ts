import { expect, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from '../../../web/src/early-scripts/app-script';

/**
 * Holds back the answers to requests for `url` until the returned `release` is called, so that a
 * test sees the page as it stands while they are on their way.
 *
 * @example
 *   const release = await holdRequests(page, '**' + `/api/stories/${id}`);
 *   await page.goto(`/story/${id}`, { waitUntil: 'commit' });
 *   // … the page waiting for its story …
 *   release();
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    // A page left since (opened again) has no request to go on with.
    await route.continue().catch(() => {});
  });
  return () => release();
}

/** The app's first-load script's address, as the build names it. */
const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

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
export const holdAppScript = (page: Page): Promise<() => void> => holdRequests(page, APP_SCRIPT);

/** The app's loader (web/src/early-scripts/app-start.ts), named by its content's hash. */
const APP_LOADER = /\/assets\/app-start-[\w-]+\.js$/;

/**
 * When this document asked for the app's first-load script, when the first image it loaded (the
 * first screen's) had come, and when the app's loader had come, in ms since it started (its
 * resource timings): for a page that must not ask for the first before the second.
 */
export const appScriptAndFirstImage = (
  page: Page,
): Promise<{ app?: number; image?: number; loader?: number }> =>
  page.evaluate(
    ({ appSource, loaderSource }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const path = (entry: PerformanceResourceTiming) => new URL(entry.name).pathname;
      const app = entries.find((entry) => new RegExp(appSource).test(path(entry)));
      const loader = entries.find((entry) => new RegExp(loaderSource).test(path(entry)));
      const image = entries.find((entry) => path(entry).startsWith('/api/images/'));
      return { app: app?.startTime, image: image?.responseEnd, loader: loader?.responseEnd };
    },
    { appSource: APP_SCRIPT.source, loaderSource: APP_LOADER.source },
  );

/**
 * That the page asked for the app's script only once its first screen's image had come, or, where
 * that image came late (a loaded machine), once the loader's wait had run out: never beside what
 * paints the first screen.
 */
export async function expectAppScriptAfterFirstImage(page: Page): Promise<void> {
  const { app, image, loader } = await appScriptAndFirstImage(page);
  expect(image).toBeDefined();
  expect(loader).toBeDefined();
  expect(app).toBeGreaterThanOrEqual(Math.min(image!, loader! + FIRST_SCREEN_WAIT_MS));
}

/**
 * The requests the page makes from now on for a page chunk's script (`/assets/{chunk}-{hash}.js`),
 * as a list that fills as they are made.
 */
export function chunkRequests(page: Page, chunk: string): string[] {
  const asked: string[] = [];
  const file = new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`);
  page.on('request', (request) => {
    if (file.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
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

/**
 * Opens `path` until its page carries the layer `selector` drawn by the server. A server draws
 * such a layer only when its answers come within a short wait, and goes out without it otherwise,
 * as a loaded machine's first asks may: the test is about the layer, not that wait.
 *
 * @example
 *   await openDrawnByServer(page, `/creator/${handle}`, '#creator-first-screen');
 */
export async function openDrawnByServer(page: Page, path: string, selector: string): Promise<void> {
  await expect(async () => {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator(selector)).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
