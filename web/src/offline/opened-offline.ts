/**
 * Whether the page at `path` is to be drawn without the network: the browser says it is offline,
 * or this document was opened at `path` from the service worker's cache, which answers a page
 * only when the network did not (web/build/service-worker.ts). The second holds too where the
 * browser believes it is online but reaches nothing (a network without a way out); a browser that
 * does not say where its page came from (`deliveryType`) has only the first.
 *
 * @example
 * if (openedOffline()) drawKeptCopy();
 */
export function openedOffline(path = location.pathname): boolean {
  if (!navigator.onLine) return true;
  if (typeof performance.getEntriesByType !== 'function') return false;
  const [page] = performance.getEntriesByType('navigation') as (PerformanceEntry & {
    deliveryType?: string;
  })[];
  return page?.deliveryType === 'cache-storage' && new URL(page.name).pathname === path;
}
