/**
 * The next base URL each time, in turn (round robin). Every process of a service is
 * interchangeable: every query-api answers from the same read models, every command-api decides
 * on the same log (the store's expected revisions settle races between them).
 */
export function roundRobin(urls: readonly string[]): () => string {
  if (urls.length === 0) throw new Error('at least one upstream URL is needed');
  const bases = urls.map((url) => url.replace(/\/$/, ''));
  let next = 0;
  return () => {
    const base = bases[next]!;
    next = (next + 1) % bases.length;
    return base;
  };
}
