declare global {
  interface Window {
    /**
     * Left by a page's early script when it may draw its first screen (the reader's first slide,
     * the profile's top): settles once that screen is on screen, or will not be. The app starts
     * the page's own chunk then (web/src/app/lazy-started-on.tsx), so the chunk's files do not
     * share the slow link with what paints that screen.
     */
    nocturneEarlyPaint?: Promise<void>;
  }
}

/**
 * Calls `done` once `image` is on screen: loaded and decoded, then two frames on, by when the
 * frame that shows it has been presented; at most a second after asking, whatever the image
 * does (a failed image counts as decoded).
 */
function onScreen(image: HTMLImageElement, done: () => void): void {
  const decoded = image.decode ? image.decode().catch(() => {}) : Promise.resolve();
  const waited = new Promise((resolve) => setTimeout(resolve, 1000));
  void Promise.race([decoded, waited]).then(() =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))),
  );
}

/**
 * Leaves `window.nocturneEarlyPaint` for the app, and returns what settles it: called with the
 * first screen's image once the screen is shown, or with nothing once it will not be. A page in
 * the background draws no frame, so it settles at once there.
 *
 * @example
 * const settle = earlyPaint();
 * showLayer().then(() => settle(layer.querySelector('img')), () => settle());
 */
export function earlyPaint(): (image?: HTMLImageElement | null) => void {
  let settle: (image?: HTMLImageElement | null) => void = () => {};
  window.nocturneEarlyPaint = new Promise<void>((resolve) => {
    settle = (image) =>
      image && document.visibilityState === 'visible' ? onScreen(image, resolve) : resolve();
  });
  return (image) => settle(image);
}

/**
 * Settles once the browser reports something in `layer` as the page's largest paint so far (the
 * moment the frame that shows it was presented, which two frames on may not yet be), or after
 * `capMs` whatever it reports: a layer something larger had already outpainted is never reported.
 */
export function largestPaintIn(layer: Element, capMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, capMs);
    let observer: PerformanceObserver | undefined;
    function done() {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    }
    try {
      observer = new PerformanceObserver((list) => {
        const painted = (entry: PerformanceEntry) =>
          (entry as PerformanceEntry & { element?: Element | null }).element;
        if (list.getEntries().some((entry) => layer.contains(painted(entry) ?? null))) done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      // No largest-paint reports in this browser: the cap alone.
    }
  });
}

/**
 * What an early script hands the page's loader (./app-start.ts) once it has shown `layer`: the
 * early paint settled and the layer reported painted, or half a second after.
 */
export function firstScreenPainted(layer: Element | null): Promise<void> | undefined {
  return layer ? window.nocturneEarlyPaint?.then(() => largestPaintIn(layer, 500)) : undefined;
}
