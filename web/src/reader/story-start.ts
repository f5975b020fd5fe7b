import { applyNamedStyles } from '../early-scripts/apply-named-styles';
import { earlyPaint, firstScreenPainted } from '../early-scripts/early-paint';
import { preloadImage } from '../early-scripts/preload-image';
import { keepsSessionOrAgeToken, minPositionHeader } from '../early-scripts/stored';
import { imageSrc } from '../ui/image-src';
import { slideSrcset } from './slide-srcset';

/**
 * The reader page's early script, built on its own as `/story-start.js` (web/build/early-scripts.ts)
 * and named by the page's head (infra/src/system/route-shells.ts): it asks for the story as soon
 * as the page is parsed, instead of once the app's script has come, run and drawn
 * (./started-story.ts takes the answer), names the first slide's image as soon as the answer
 * does, and draws that slide in the page's own first-slide layer before the app's script has run
 * (./first-slide-layer.ts). A file of its own: the Content-Security-Policy allows no inline script.
 *
 * Only for a visitor without a session and without an age-assurance token: a signed-in reader's
 * GET may spend one of their premium stories, which the reader asks about first
 * (web/src/premium/premium-opening.ts), and those requests carry headers this script does not
 * send. The kept progress's and READING_SETTINGS_KEY's storage keys are written out, as
 * ../early-scripts/stored.ts explains.
 *
 * Returns what the app's script, which the page names for later, waits for: the first slide
 * painted (web/src/early-scripts/app-start.ts); nothing where it draws no first slide.
 */
export default function storyStart(): Promise<void> | undefined {
  const route = /^\/story\/([^/]+)\/?$/i.exec(location.pathname);
  if (!route) return undefined;
  let id: string;
  let headers: Record<string, string>;
  let progress: unknown;
  let ownSettings: boolean;
  try {
    if (keepsSessionOrAgeToken()) return undefined;
    id = decodeURIComponent(route[1]!);
    headers = minPositionHeader();
    progress = JSON.parse(localStorage.getItem('nocturne.progress') ?? '{}');
    ownSettings = localStorage.getItem('reading_settings') !== null;
  } catch {
    return undefined; // storage disabled, or a malformed address: the app asks itself
  }
  const answer = fetch(`/api/stories/${encodeURIComponent(id)}`, { headers });
  window.nocturneStoryStart = { id, answer };
  // The slide the reader shows first, only when it shows the first: not when it opens elsewhere
  // (progress kept in this browser), nor behind a warning or a gate.
  if (progress && typeof progress === 'object' && (progress as Record<string, number>)[id]! > 0)
    return undefined;
  // The layer is drawn with the default reading settings: not for a browser that keeps its own.
  const layer = ownSettings ? null : document.getElementById('reader-first-slide');
  const settle = layer ? earlyPaint() : () => {};
  const styled = layer ? applyNamedStyles() : undefined;
  const shown = answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((story) => {
      const ref = story?.images?.[0];
      if (typeof ref !== 'string' || story.ageAssuranceRequired || story.warnings?.length > 0) return;
      // The same sources and sizes as the reader's <img> (./StoryReader.tsx).
      const src = imageSrc(ref);
      const srcset = slideSrcset(ref);
      preloadImage(src, srcset, '100vw');
      const text = story.texts?.[0];
      return styled?.then(() => {
        // Gone: the app's reader has drawn the slide already.
        if (!layer?.isConnected) return;
        const image = layer.querySelector<HTMLImageElement>('[data-slot="image"]')!;
        if (srcset) image.setAttribute('srcset', srcset);
        image.setAttribute('src', src);
        // Text only, never markup.
        layer.querySelector('[data-slot="text"]')!.textContent = typeof text === 'string' ? text : '';
        layer.hidden = false;
        return image;
      });
    })
    .catch(() => undefined);
  void shown.then(settle);
  // The first slide reported as painted, or at most half a second after it is on screen.
  return layer ? shown.then((image) => (image ? firstScreenPainted(layer) : undefined)) : undefined;
}
