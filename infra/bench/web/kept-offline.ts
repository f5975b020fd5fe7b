import type { Browser } from '@playwright/test';
import {
  mobileContext,
  openAndTimeFirstSlide,
  throttleLikeLighthouseMobile,
  timeFirstSlides,
} from './mobile-browser';

/**
 * A story kept offline, opened with the network off: the signed-in reader's context installs
 * the worker, keeps the story with "Keep offline" at its end (web/src/offline), then, offline
 * (Playwright's `setOffline`) and with the CPU 4 times slower, opens it `runs` times, each timed
 * from the navigation to the first slide shown, its image drawn from the device. Milliseconds.
 */
export async function keptStoryOffline(
  browser: Browser,
  baseUrl: string,
  storyId: string,
  token: string,
  runs: number,
  log: (line: string) => void,
): Promise<number[]> {
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
    await throttleLikeLighthouseMobile(page, false);
    const figures: number[] = [];
    for (let run = 1; run <= runs; run++) {
      log(`a kept story opened offline (run ${run} of ${runs})`);
      const { ms, src } = await openAndTimeFirstSlide(page, storyUrl);
      if (!src.startsWith('blob:')) throw new Error(`offline, the slide came from ${src}, not the device`);
      figures.push(ms);
    }
    return figures;
  } finally {
    await context.close();
  }
}
