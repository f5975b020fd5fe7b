import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';

/** Debian's Chromium, unless CHROME_PATH or CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser the Playwright measures run in, headless, as the Lighthouse runs use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS });
}

/** A context shaped like Lighthouse's mobile device (a Moto G Power's screen), workers allowed. */
export function mobileContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
}

/**
 * Lighthouse's mobile conditions applied by DevTools to this page (its "devtools" throttling:
 * slow 4G, 562.5 ms of latency per request, 1.44 Mbit/s down, 675 kbit/s up, and a CPU 4 times
 * slower). `network: false` leaves the network alone (a page measured offline).
 */
export async function throttleLikeLighthouseMobile(page: Page, network = true): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!network) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
}

/**
 * What the timer below logs once the slide is shown. The measure waits for this message rather
 * than polling the page for the time (`waitForFunction`): to poll, Playwright evaluates its own
 * script in the page while the page loads, on the main thread the page's early script waits for
 * (docs/performance.md, "The first slide's timer").
 */
const FIRST_SLIDE_SIGNAL = 'nocturne:first-slide';

/**
 * Set on every page of the context before its scripts run: the time (ms since the navigation
 * began, the page's own clock) of the first frame in which the reader shows a slide, its image
 * decoded and its text drawn, as `window.nocturneFirstSlide`; then FIRST_SLIDE_SIGNAL logged.
 */
const FIRST_SLIDE_TIMER = `(() => {
  const check = () => {
    const image = document.querySelector('img.reader__image--active');
    const text = document.querySelector('.reader__text-inner');
    if (image && image.complete && image.naturalWidth > 0 && text && text.textContent.trim() !== '') {
      window.nocturneFirstSlide = performance.now();
      window.nocturneFirstSlideSrc = image.currentSrc || image.src;
      console.debug('${FIRST_SLIDE_SIGNAL}');
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export async function timeFirstSlides(context: BrowserContext): Promise<void> {
  await context.addInitScript(FIRST_SLIDE_TIMER);
}

/** Opens `url` in `page` and answers when the reader showed its slide: ms from the navigation, and the image's source. */
export async function openAndTimeFirstSlide(page: Page, url: string): Promise<{ ms: number; src: string }> {
  const shown = page.waitForEvent('console', {
    predicate: (message) => message.text() === FIRST_SLIDE_SIGNAL,
    timeout: 60_000,
  });
  await Promise.all([shown, page.goto(url, { waitUntil: 'commit' })]);
  return page.evaluate<{ ms: number; src: string }>(
    '({ ms: window.nocturneFirstSlide, src: window.nocturneFirstSlideSrc })',
  );
}
