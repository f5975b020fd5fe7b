// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settled } from '../testing/early-paint';
import { startAppScript } from './app-script';

const appScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];

/** The page as the server sends the reader's and a creator's drawn page: the app's script named for later. */
function namedForLater() {
  const meta = document.createElement('meta');
  meta.name = 'nocturne-app';
  meta.content = '/assets/index-f6.js';
  document.head.append(meta);
}

beforeEach(() => {
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the app's script, named by the page for later", () => {
  it("is started once the page's first screen is painted, not before, and once only", async () => {
    namedForLater();
    let paint = () => {};
    const painted = new Promise<void>((resolve) => (paint = resolve));
    startAppScript(painted);
    await settled();
    expect(appScripts()).toEqual([]);
    paint();
    await settled();
    expect(appScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-f6.js']);
    // As the build names it: a module, fetched in CORS mode as the chunks it imports are.
    expect(appScripts()[0]!.crossOrigin).toBe('');
    startAppScript();
    await settled();
    expect(appScripts()).toHaveLength(1);
  });

  it('is started at once when the early script has no first screen to wait for, or one that failed', async () => {
    namedForLater();
    startAppScript(undefined);
    await settled();
    expect(appScripts()).toHaveLength(1);

    document.head.innerHTML = '';
    namedForLater();
    startAppScript(Promise.reject(new Error('no answer')));
    await settled();
    expect(appScripts()).toHaveLength(1);
  });

  it('is started after a second and a half when the first screen never comes: a slow answer gets the loading screen', async () => {
    vi.useFakeTimers();
    namedForLater();
    startAppScript(new Promise<void>(() => {}));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(appScripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(appScripts()).toHaveLength(1);
  });

  it('waits for the page to be parsed: the name may come after the script that starts it', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    startAppScript();
    await settled();
    namedForLater();
    expect(appScripts()).toEqual([]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await settled();
    expect(appScripts()).toHaveLength(1);
  });

  it('is left alone on a page that names it in its head', async () => {
    startAppScript();
    await settled();
    expect(appScripts()).toEqual([]);
  });
});
