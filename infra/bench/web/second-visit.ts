import type { Browser } from '@playwright/test';
import {
  mobileContext,
  openAndTimeFirstSlide,
  throttleLikeLighthouseMobile,
  timeFirstSlides,
} from './mobile-browser';

/**
 * A second visit to a story with the service worker: in a fresh browser context, a first visit
 * opens the story and waits until the worker is installed and active (its precache filled); the
 * second opens it again, with the CPU 4 times slower and, when `slowNetwork`, Lighthouse's slow
 * 4G (else the local network as it is), and is timed to the first slide shown. One context per
 * run, so each run is a true second visit. Milliseconds, one per run.
 */
export async function secondVisitWithWorker(
  browser: Browser,
  storyUrl: string,
  runs: number,
  slowNetwork: boolean,
  log: (line: string) => void,
): Promise<number[]> {
  const figures: number[] = [];
  for (let run = 1; run <= runs; run++) {
    log(
      `second visit with the service worker, ${slowNetwork ? 'slow 4G' : 'local network'} (run ${run} of ${runs})`,
    );
    const context = await mobileContext(browser);
    try {
      await timeFirstSlides(context);
      const page = await context.newPage();
      await openAndTimeFirstSlide(page, storyUrl);
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await throttleLikeLighthouseMobile(page, slowNetwork);
      const { ms } = await openAndTimeFirstSlide(page, storyUrl);
      const controlled = await page.evaluate<boolean>('navigator.serviceWorker.controller !== null');
      if (!controlled) throw new Error('the second visit was not served with the service worker');
      figures.push(ms);
    } finally {
      await context.close();
    }
  }
  return figures;
}
