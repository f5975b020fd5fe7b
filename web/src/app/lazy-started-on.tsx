import { type ComponentType, lazy, startTransition, useEffect, useState } from 'react';
import { PageLoading } from '../ui/PageLoading';

type PageModule = { default: ComponentType };

/**
 * A lazy page whose chunk starts loading as the app starts when the address begins with
 * `pathPrefix` (or, where the page's early script draws its first screen, once that screen has
 * been drawn: until then the chunk's files would share the slow link with what draws it), and
 * which is drawn without suspending there. A page that suspends shows the
 * Suspense fallback, and React keeps a fallback on screen for a while after the page is ready;
 * a promise it is handed, even a settled one, it waits on. So once the chunk is in, React is
 * handed a thenable that answers at once, which it reads in the same render; until then the page
 * draws the loading screen itself and is drawn again, in a transition, once the chunk is in.
 */
export function lazyStartedOn(pathPrefix: string, load: () => Promise<PageModule>): ComponentType {
  let loaded: PageModule | undefined;
  const painted = window.nocturneEarlyPaint;
  const early = location.pathname.startsWith(pathPrefix)
    ? (painted ? painted.then(load) : load()).then((page) => (loaded = page))
    : undefined;
  const settled = early?.then(
    () => true,
    () => true,
  );
  const Page = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is what React reads without suspending
        ({ then: (take: (page: PageModule) => void) => take(loaded!) } as Promise<PageModule>)
      : (early ?? load()),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route, when the routes' table is, as lazy() makes its own
  return function StartedPage() {
    const [ready, setReady] = useState(!settled || loaded !== undefined);
    useEffect(() => {
      // In a transition: the page's first render is the longest of its load, and React slices
      // only a transition's render, yielding to the browser between slices; an ordinary update
      // would draw the whole page in one task that blocks a phone's CPU.
      settled?.then(() => startTransition(() => setReady(true)));
    }, []);
    return ready ? <Page /> : <PageLoading />;
  };
}
