import type { Story } from '@nocturne/domain';
import { imageSrc } from '../ui/image-src';

/**
 * Stories kept on the device for reading offline (docs/offline.md, "Kept offline").
 *
 * Each account has a Cache Storage cache of its own, `nocturne-kept-{account}`, written by the
 * page (never by the service worker) from answers the server gave this account: the story's
 * answer under `/offline/stories/{id}` and each slide's image under its own URL. Another account
 * on the device opens another cache, so it never sees these; logging out deletes them all.
 */
export const KEPT_CACHE_PREFIX = 'nocturne-kept-';

/** The rendition kept of each slide: sharp on a phone, a third of the largest one's bytes. */
export const KEPT_WIDTH = 960;

/** What the cache keeps of a story besides its images. */
export interface KeptStory {
  story: Story;
  keptAt: number;
  /** The bytes of its images (the answer itself is a few hundred bytes more). */
  bytes: number;
}

/**
 * A name for an account that does not spell its e-mail address out in the browser's storage
 * (cyrb53: 53 bits, so two accounts on one device never share a cache).
 */
export function accountKey(email: string): string {
  const text = email.trim().toLowerCase();
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The Cache Storage cache of this account's kept stories. */
export const keptStoryCache = (account: string) => `${KEPT_CACHE_PREFIX}${account}`;
/** Where the account's cache keeps a story's answer. */
export const keptStoryUrl = (id: string) => `/offline/stories/${encodeURIComponent(id)}`;
/** The kept image's URL: an external one as it is, ours at the kept width. */
export const keptImageUrl = (ref: string) => (ref.includes(':') ? ref : `${imageSrc(ref)}?w=${KEPT_WIDTH}`);

/** Cache Storage where the browser has it (secure contexts), else nothing can be kept. */
export function deviceCaches(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}

/**
 * Whether this answer may be kept: only a story the server gave in full. An Explicit story
 * for a reader not assured comes without slides (ageAssuranceRequired); a premium story not
 * unlocked never comes as a 200 with slides of its own, so neither can slip in.
 */
export function mayKeep(story: Story): boolean {
  return !story.ageAssuranceRequired && story.images.length > 0 && story.images.length === story.texts.length;
}

/**
 * Stores `story` and its slides' images, fetched with `fetchImage` (the reader's own session
 * and cookies: the server gates each image again). Nothing is kept unless every image came.
 */
export async function keepStory(
  account: string,
  story: Story,
  fetchImage: (url: string) => Promise<Response> = (url) => fetch(url, { credentials: 'same-origin' }),
  storage = deviceCaches(),
): Promise<KeptStory> {
  if (!storage) throw new Error('This browser cannot keep stories offline.');
  if (!mayKeep(story)) throw new Error('This story cannot be kept offline.');
  const cache = await storage.open(keptStoryCache(account));
  const images = await Promise.all(
    story.images.map(async (ref) => {
      const url = keptImageUrl(ref);
      const response = await fetchImage(url);
      if (!response.ok) throw new Error(`An image of this story could not be kept (${response.status}).`);
      const blob = await response.blob();
      return { url, blob };
    }),
  );
  const bytes = images.reduce((sum, { blob }) => sum + blob.size, 0);
  await Promise.all(
    images.map(({ url, blob }) =>
      cache.put(url, new Response(blob, { headers: { 'Content-Type': blob.type || 'image/webp' } })),
    ),
  );
  const kept: KeptStory = { story, keptAt: Date.now(), bytes };
  await cache.put(
    keptStoryUrl(story.id),
    new Response(JSON.stringify(kept), { headers: { 'Content-Type': 'application/json' } }),
  );
  return kept;
}

/** Replaces the kept answer (new likes, say) when its slides are the same; false when they are not. */
export async function refreshKeptAnswer(account: string, story: Story, storage = deviceCaches()) {
  const kept = await keptStory(account, story.id, storage);
  if (!kept || kept.story.images.join('\n') !== story.images.join('\n')) return false;
  const cache = await storage?.open(keptStoryCache(account));
  await cache?.put(
    keptStoryUrl(story.id),
    new Response(JSON.stringify({ ...kept, story }), { headers: { 'Content-Type': 'application/json' } }),
  );
  return true;
}

export async function keptStory(
  account: string,
  id: string,
  storage = deviceCaches(),
): Promise<KeptStory | undefined> {
  if (!storage || !(await storage.has(keptStoryCache(account)))) return undefined;
  const cache = await storage.open(keptStoryCache(account));
  const answer = await cache.match(keptStoryUrl(id));
  return answer ? ((await answer.json()) as KeptStory) : undefined;
}

/** Every story this account keeps, most recently kept first. */
export async function keptStories(account: string, storage = deviceCaches()): Promise<KeptStory[]> {
  if (!storage || !(await storage.has(keptStoryCache(account)))) return [];
  const cache = await storage.open(keptStoryCache(account));
  const requests = await cache.keys();
  const kept = await Promise.all(
    requests
      .filter((request) => new URL(request.url, 'http://x').pathname.startsWith('/offline/stories/'))
      .map(async (request) => (await (await cache.match(request))?.json()) as KeptStory | undefined),
  );
  return kept.filter((k): k is KeptStory => k !== undefined).sort((a, b) => b.keptAt - a.keptAt);
}

/**
 * The kept story with each image as an object URL drawn from the device (the caller revokes
 * them with `release`). Undefined when it is not kept, or an image has gone from the cache.
 * `drawn`: an object URL made already of one slide's image (the page's early script drew it:
 * ./kept-opening-slide.ts), used as it is and revoked with the others.
 */
export async function openKeptStory(
  account: string,
  id: string,
  storage = deviceCaches(),
  drawn?: { slide: number; image: string },
): Promise<{ story: Story; release(): void } | undefined> {
  const kept = await keptStory(account, id, storage);
  if (!kept || !storage) return undefined;
  const cache = await storage.open(keptStoryCache(account));
  const blobs = await Promise.all(
    kept.story.images.map(async (ref) => (await cache.match(keptImageUrl(ref)))?.blob()),
  );
  if (blobs.some((blob) => blob === undefined)) {
    if (drawn) URL.revokeObjectURL(drawn.image);
    return undefined;
  }
  const urls = blobs.map((blob, i) => (i === drawn?.slide ? drawn.image : URL.createObjectURL(blob as Blob)));
  return {
    story: { ...kept.story, images: urls },
    release: () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
  };
}

/** Removes one kept story and its images (an image another kept story shares stays). */
export async function removeKeptStory(account: string, id: string, storage = deviceCaches()) {
  const kept = await keptStory(account, id, storage);
  if (!kept || !storage) return;
  const cache = await storage.open(keptStoryCache(account));
  await cache.delete(keptStoryUrl(id));
  const stillUsed = new Set(
    (await keptStories(account, storage)).flatMap(({ story }) => story.images.map(keptImageUrl)),
  );
  await Promise.all(
    kept.story.images
      .map(keptImageUrl)
      .filter((url) => !stillUsed.has(url))
      .map((url) => cache.delete(url)),
  );
}

/** Removes every kept copy of this account. */
export async function removeAllKept(account: string, storage = deviceCaches()) {
  await storage?.delete(keptStoryCache(account));
}

/**
 * Which account the session `token` belongs to, remembered while the server could tell (the
 * session check answers only online): without a connection at start, the reader still finds
 * their kept stories. The token itself is not written again, only its hash.
 */
export const OWNER_KEY = 'nocturne.offline.owner';

export function rememberOwner(token: string, account: string): void {
  try {
    localStorage.setItem(OWNER_KEY, JSON.stringify({ token: accountKey(token), account }));
  } catch {
    // storage disabled: kept stories open only once the session is checked
  }
}

export function ownerOf(token: string): string | null {
  try {
    const owner = JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null') as {
      token?: string;
      account?: string;
    } | null;
    return owner?.token === accountKey(token) && typeof owner.account === 'string' ? owner.account : null;
  } catch {
    return null;
  }
}

/** Removes every account's kept copies (on logout: the next person at this device sees none). */
export async function forgetAllKept(storage = deviceCaches()) {
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // storage disabled: nothing was remembered
  }
  if (!storage) return;
  const names = await storage.keys();
  await Promise.all(names.filter((n) => n.startsWith(KEPT_CACHE_PREFIX)).map((n) => storage.delete(n)));
}

/** The bytes this account's kept stories take (their images; the answers are negligible). */
export async function keptBytes(account: string, storage = deviceCaches()): Promise<number> {
  return (await keptStories(account, storage)).reduce((sum, kept) => sum + kept.bytes, 0);
}
