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
 * since; and then does.
 */
export async function settlesOnceImageOnScreen(page: {
  layer: HTMLElement;
  run: () => void;
  sheetsLoad: () => void;
}): Promise<void> {
  let decode = () => {};
  page.layer.querySelector('img')!.decode = () => new Promise<void>((resolve) => (decode = resolve));
  page.run();
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
}
