import type { Browser, Page } from '@playwright/test';
import {
  mobileContext,
  openAndTimeFirstSlide,
  throttleLikeLighthouseMobile,
  timeFirstSlides,
} from './mobile-browser';

/** A kept story's offline opens, in ms: in the tab that kept it, and each in a new tab. */
export interface KeptOfflineOpens {
  /** Where it was kept, just after: it opens at the place this tab left it (its last slide). */
  sameTab: number[];
  /** As a reader opens it later, a new tab each time, no other tab at work: at its first slide. */
  newTab: number[];
}

/**
 * In the page: resolves, with the ms it waited, once the page has had three idle periods in a
 * row that were nearly whole (requestIdleCallback's deadline at 45 ms or more of its 50), or after
 * 10 s. A reader who opens a kept story later finds no other tab of the app at work. Here two
 * cores serve every tab, and a tab that has just shown its first slide goes on starting its app
 * for a second or more (four times slower): a new tab opened then would time both tabs' work.
 */
const UNTIL_QUIET = `new Promise((resolve) => {
  const started = performance.now();
  let quiet = 0;
  const wait = () => requestIdleCallback((deadline) => {
    quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
    if (quiet === 3 || performance.now() - started > 10000) resolve(Math.round(performance.now() - started));
    else wait();
  }, { timeout: 1000 });
  wait();
})`;

/**
 * A story kept offline, opened with the network off: the signed-in reader's context installs
 * the worker, keeps the story with "Keep offline" at its end (web/src/offline), then, offline
 * (Playwright's `setOffline`) and with the CPU 4 times slower, opens it `runs` times in that tab
 * and `runs` times in a new tab (once the first tab is idle: UNTIL_QUIET), each timed from the
 * navigation to the first slide shown, its image drawn from the device.
 */
export async function keptStoryOffline(
  browser: Browser,
  baseUrl: string,
  storyId: string,
  token: string,
  runs: number,
  log: (line: string) => void,
): Promise<KeptOfflineOpens> {
  const storyUrl = `${baseUrl}/story/${storyId}`;
  const context = await mobileContext(browser);
  try {
    await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(token)})`);
    await timeFirstSlides(context);
    const page = await context.newPage();
    log('keeping a story offline');
    await page.goto(`${baseUrl}/`);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await openAndTimeFirstSlide(page, storyUrl);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.getByRole('button', { name: 'Keep offline' }).click();
    await page.getByRole('button', { name: 'Kept offline', pressed: true }).waitFor({ timeout: 60_000 });

    await context.setOffline(true);
    const opened = async (tab: Page) => {
      await throttleLikeLighthouseMobile(tab, false);
      const { ms, src } = await openAndTimeFirstSlide(tab, storyUrl);
      if (!src.startsWith('blob:')) throw new Error(`offline, the slide came from ${src}, not the device`);
      return ms;
    };
    const opens: KeptOfflineOpens = { sameTab: [], newTab: [] };
    for (let run = 1; run <= runs; run++) {
      log(`a kept story opened offline, in its tab and in a new one (run ${run} of ${runs})`);
      opens.sameTab.push(await opened(page));
      const waited = await page.evaluate<number>(UNTIL_QUIET);
      log(`  the tab that kept it idle ${waited} ms after its slide was timed; then a new tab`);
      const tab = await context.newPage();
      opens.newTab.push(await opened(tab));
      await tab.close();
    }
    return opens;
  } finally {
    await context.close();
  }
}
