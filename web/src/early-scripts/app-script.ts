declare global {
  interface Window {
    /**
     * Left by a page's early script (web/build/early-scripts.ts): settles once its first screen
     * has been painted; absent where it draws none.
     */
    nocturneFirstScreen?: Promise<void> | undefined;
  }
}

/**
 * The longest the app's script waits for a page's first screen: where the screen's answers are
 * slow, the app's own loading screen is better than a blank page.
 */
export const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Starts the app's script where the page names it for later (`<meta name="nocturne-app">`,
 * infra/src/system/route-shells.ts) rather than in its head: once `after` (the page's first
 * screen on screen) has settled, at most FIRST_SCREEN_WAIT_MS later, and not before the page is
 * parsed. Until then the app's script, the largest file of a first load, would share a phone's
 * slow link with what that screen needs. Does nothing where the page names the script itself.
 *
 * @example
 * startAppScript(window.nocturneFirstScreen); // ./app-start.ts
 */
export function startAppScript(after?: Promise<unknown>): void {
  const append = () => {
    const named = document.querySelector<HTMLMetaElement>('meta[name="nocturne-app"]');
    if (!named || document.querySelector('script[data-nocturne-app]')) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = named.content;
    script.dataset.nocturneApp = '';
    document.head.append(script);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  void Promise.race([after ?? Promise.resolve(), waited])
    .catch(() => {})
    .then(() => {
      clearTimeout(timer);
      return pageParsed();
    })
    .then(append);
}

/** Settles once the page has been parsed (at once if it has been). */
function pageParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}
