/**
 * Cache Storage in memory, for the tests of kept stories (Node has Request and Response but no
 * `caches`): the same calls the page makes, with URLs resolved against one origin.
 */
const ORIGIN = 'http://nocturne.test';
const keyOf = (request: RequestInfo | URL) =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, ORIGIN).href;

class MemoryCache {
  readonly entries = new Map<string, Response>();

  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(keyOf(request), response.clone());
  }

  async match(request: RequestInfo | URL) {
    return this.entries.get(keyOf(request))?.clone();
  }

  async delete(request: RequestInfo | URL) {
    return this.entries.delete(keyOf(request));
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class MemoryCacheStorage {
  readonly named = new Map<string, MemoryCache>();

  async open(name: string) {
    let cache = this.named.get(name);
    if (!cache) {
      cache = new MemoryCache();
      this.named.set(name, cache);
    }
    return cache;
  }

  async has(name: string) {
    return this.named.has(name);
  }

  /** In the named cache only, as the page asks (never creating it). */
  async match(request: RequestInfo | URL, options: { cacheName: string }) {
    return this.named.get(options.cacheName)?.match(request);
  }

  async delete(name: string) {
    return this.named.delete(name);
  }

  async keys() {
    return [...this.named.keys()];
  }
}

/** The memory storage typed as the browser's, for the functions that take one. */
export const memoryCaches = () => new MemoryCacheStorage() as unknown as CacheStorage & MemoryCacheStorage;
