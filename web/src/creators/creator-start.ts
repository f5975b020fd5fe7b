import { earlyPaint, firstScreenPainted } from '../early-scripts/early-paint';
import { preloadImage } from '../early-scripts/preload-image';
import { keepsSessionOrAgeToken, minPositionHeader } from '../early-scripts/stored';
import { imageSrc } from '../ui/image-src';

/**
 * The creator page's early script, built on its own as `/creator-start.js`
 * (web/build/early-scripts.ts) and named by the page's head (infra/src/system/route-shells.ts): it
 * asks for the creator and the first page of their stories as soon as the page is parsed, instead
 * of once the app's script and the page's chunk have come and run (./started-creator.ts takes the
 * answers), and names the first card's image as soon as the list does. A file of its own: the
 * Content-Security-Policy allows no inline script.
 *
 * Only for a visitor without a session and without an age-assurance token: those requests carry
 * headers this script does not send, and their answers differ (premium images, adult stories).
 * The requests are the page's own (./creator-queries.ts): same address, same query.
 *
 * Returns what the app's script, which the page names for later, waits for: the first screen the
 * server drew, painted (web/src/early-scripts/app-start.ts); nothing where there is none.
 */
export default function creatorStart(): Promise<void> | undefined {
  const route = /^\/creator\/([^/]+)\/?$/i.exec(location.pathname);
  if (!route) return undefined;
  let handle: string;
  let headers: Record<string, string>;
  try {
    if (keepsSessionOrAgeToken()) return undefined;
    handle = decodeURIComponent(route[1]!);
    headers = minPositionHeader();
  } catch {
    return undefined; // storage disabled, or a malformed address: the app asks itself
  }
  const creator = fetch(`/api/creators/${encodeURIComponent(handle)}`, { headers });
  // The first page of their stories: CREATOR_PAGE of them.
  const list = new URLSearchParams({ limit: '6', creator: handle });
  const stories = fetch(`/api/stories?${list}`, { headers });
  window.nocturneCreatorStart = { handle, creator, stories };
  // The first card's image, with the same source as its <img> (web/src/stories/StoryCard.tsx).
  // Not when the server drew the first screen (infra/src/system/creator-first-screen.ts): its
  // image is in the page, and the app's script waits for that screen to be painted.
  const drawn = document.getElementById('creator-first-screen');
  if (drawn) {
    earlyPaint()(drawn.querySelector('img'));
    return firstScreenPainted(drawn);
  }
  stories
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((list) => {
      const ref = Array.isArray(list) ? list[0]?.images?.[0] : undefined;
      if (typeof ref === 'string') preloadImage(imageSrc(ref));
    })
    .catch(() => {});
  return undefined;
}
