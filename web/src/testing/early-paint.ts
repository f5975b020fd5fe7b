import { expect } from 'vitest';

/**
 * What the tests of the pages' early scripts (web/build/early-scripts.ts) share: running their chains
 * of promises out, and the check that a script lets the app start the page's own files only once
 * its first screen's image is decoded and on screen (`window.nocturneEarlyPaint`).
 *
 * @example
 * await settlesOnceImageOnScreen({ layer: page(), run: () => runOn('/profile'), sheetsLoad });
 */

/** Until the script's chain of promises has run. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Until the browser's next frame. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Whether the promise has settled by the time the script's chain of promises has run. */
export async function isSettled(promise: Promise<void> | undefined): Promise<boolean> {
  let done = false;
  void promise?.then(() => (done = true));
  await settled();
  return done;
}

/**
 * Runs the page's early script on a page whose layer (`layer`, holding the first screen's
 * image) it will show, and checks that `window.nocturneEarlyPaint` settles neither before the
 * layer is shown, nor while its image is still being decoded, nor before two frames have passed
 * since; and then does. Where the page names the app's script for later (`startsAppScript`),
 * that what the script hands its loader (web/src/early-scripts/app-start.ts) settles only once
 * the browser has also reported the layer as the largest paint.
 */
export async function settlesOnceImageOnScreen(page: {
  layer: HTMLElement;
  run: () => Promise<void> | undefined | void;
  sheetsLoad: () => void;
  /** Its page names the app's script for later, which the script starts (the reader's, the creator's). */
  startsAppScript?: boolean;
}): Promise<void> {
  const reports: ((element: Element) => void)[] = [];
  const browsers = globalThis.PerformanceObserver;
  globalThis.PerformanceObserver = class {
    constructor(callback: (list: { getEntries(): { element: Element }[] }) => void) {
      reports.push((element) => callback({ getEntries: () => [{ element }] }));
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof PerformanceObserver;
  try {
    let decode = () => {};
    page.layer.querySelector('img')!.decode = () => new Promise<void>((resolve) => (decode = resolve));
    const app = page.run();
    expect(app !== undefined).toBe(page.startsAppScript === true);
    const drawn = window.nocturneEarlyPaint;
    expect(drawn).toBeDefined();
    expect(await isSettled(drawn)).toBe(false);
    page.sheetsLoad();
    await settled();
    expect(page.layer.hidden).toBe(false);
    await nextFrame();
    await nextFrame();
    expect(await isSettled(drawn)).toBe(false);
    decode();
    await settled();
    await nextFrame();
    expect(await isSettled(drawn)).toBe(false);
    await nextFrame();
    expect(await isSettled(drawn)).toBe(true);
    if (!page.startsAppScript) return;
    expect(await isSettled(app as Promise<void>)).toBe(false);
    for (const report of reports) report(page.layer.querySelector('img')!);
    expect(await isSettled(app as Promise<void>)).toBe(true);
  } finally {
    globalThis.PerformanceObserver = browsers;
  }
}
