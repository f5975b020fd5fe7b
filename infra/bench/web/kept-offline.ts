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
  /** As a reader opens it later, a new tab each time: at its first slide. */
  newTab: number[];
}

/**
 * A story kept offline, opened with the network off: the signed-in reader's context installs
 * the worker, keeps the story with "Keep offline" at its end (web/src/offline), then, offline
 * (Playwright's `setOffline`) and with the CPU 4 times slower, opens it `runs` times in that tab
 * and `runs` times in a new tab, each timed from the navigation to the first slide shown, its
 * image drawn from the device.
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
      const tab = await context.newPage();
      opens.newTab.push(await opened(tab));
      await tab.close();
    }
    return opens;
  } finally {
    await context.close();
  }
}
