import { applyNamedStyles } from '../early-scripts/apply-named-styles';
import { earlyPaint, firstScreenPainted } from '../early-scripts/early-paint';
import { preloadImage } from '../early-scripts/preload-image';
import { keepsSessionOrAgeToken, minPositionHeader, storedSession } from '../early-scripts/stored';
import { keptOpeningSlide } from '../offline/kept-opening-slide';
import { ownerOf } from '../offline/kept-stories';
import { openedOffline } from '../offline/opened-offline';
import { unconfirmedSlide } from '../reading/unconfirmed-progress';
import {
  readingSettingsAttributes,
  storedReadingSettings,
} from '../reading-settings/stored-reading-settings';
import { imageSrc } from '../ui/image-src';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';
import { slideSrcset } from './slide-srcset';

/**
 * The reader page's early script, built on its own as `/story-start.js` (web/build/early-scripts.ts)
 * and named by the page's head (infra/src/system/route-shells.ts): it asks for the story as soon
 * as the page is parsed, instead of once the app's script has come, run and drawn
 * (./started-story.ts takes the answer), names the first slide's image as soon as the answer
 * does, and draws that slide in the page's own first-slide layer before the app's script has run
 * (./first-slide-layer.ts). A file of its own: the Content-Security-Policy allows no inline script.
 *
 * It asks only for a visitor without a session and without an age-assurance token: a signed-in
 * reader's GET may spend one of their premium stories, which the reader asks about first
 * (web/src/premium/premium-opening.ts), and those requests carry headers this script does not
 * send. Opened offline, a signed-in reader's story kept on this device has the slide it opens at
 * drawn from the device instead (keptStart), as the app's reader will open it (web/src/offline).
 * The slide is drawn with the reading settings this browser keeps, as the app's reader draws it.
 * The kept progress's storage key is written out, as ../early-scripts/stored.ts explains.
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
  try {
    id = decodeURIComponent(route[1]!);
    if (openedOffline()) return keptStart(id);
    if (keepsSessionOrAgeToken()) return undefined;
    headers = minPositionHeader();
    progress = JSON.parse(localStorage.getItem('nocturne.progress') ?? '{}');
  } catch {
    return undefined; // storage disabled, or a malformed address: the app asks itself
  }
  const answer = fetch(`/api/stories/${encodeURIComponent(id)}`, { headers });
  window.nocturneStoryStart = { id, answer };
  // The slide the reader shows first, only when it shows the first: not when it opens elsewhere
  // (progress kept in this browser, which the answer must come to place), nor behind a warning
  // or a gate.
  if (progress && typeof progress === 'object' && (progress as Record<string, number>)[id]! > 0)
    return undefined;
  const layer = document.getElementById(FIRST_SLIDE_LAYER_ID);
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
      return layer && styled?.then(() => showSlide(layer, { src, srcset, text }));
    })
    .catch(() => undefined);
  void shown.then(settle);
  // The first slide reported as painted, or at most half a second after it is on screen.
  return layer ? shown.then((image) => (image ? firstScreenPainted(layer) : undefined)) : undefined;
}

/**
 * Opened offline (../offline/opened-offline.ts): a signed-in reader's story kept on this device
 * (../offline/kept-stories.ts), the slide it opens at drawn in the page's layer from the device,
 * its image's object URL left for the app's reader (../offline/kept-opening-slide.ts). As the app
 * opens a kept copy (./StoryPage.tsx): at the place this tab sent last, else the first slide;
 * nothing before its warnings. Nothing is asked of the network.
 */
function keptStart(id: string): Promise<void> | undefined {
  const token = storedSession();
  const account = token === null ? null : ownerOf(token);
  const layer = document.getElementById(FIRST_SLIDE_LAYER_ID);
  if (account === null || !layer || typeof caches === 'undefined') return undefined;
  const settle = earlyPaint();
  const styled = applyNamedStyles();
  const shown = keptOpeningSlide(account, id, unconfirmedSlide(id) ?? 0)
    .then((kept) => {
      if (!kept || kept.story.warnings.length > 0) return undefined;
      const image = URL.createObjectURL(kept.image);
      window.nocturneKeptOpeningSlide = { id, slide: kept.slide, image };
      return styled.then(() => showSlide(layer, { src: image, text: kept.story.texts[kept.slide] }));
    })
    .catch(() => undefined);
  void shown.then(settle);
  return shown.then((image) => (image ? firstScreenPainted(layer) : undefined));
}

/**
 * Fills the layer's slots with the slide and shows it with the reading settings this browser keeps,
 * as the app's reader draws it; the layer's image, or nothing where the layer has gone (the app's
 * reader has drawn the slide already).
 */
function showSlide(
  layer: HTMLElement,
  slide: { src: string; srcset?: string | undefined; text: unknown },
): HTMLImageElement | undefined {
  if (!layer.isConnected) return undefined;
  const image = layer.querySelector<HTMLImageElement>('[data-slot="image"]')!;
  if (slide.srcset) image.setAttribute('srcset', slide.srcset);
  image.setAttribute('src', slide.src);
  // Text only, never markup.
  layer.querySelector('[data-slot="text"]')!.textContent = typeof slide.text === 'string' ? slide.text : '';
  for (const [name, value] of Object.entries(readingSettingsAttributes(storedReadingSettings())))
    layer.setAttribute(name, value);
  layer.hidden = false;
  return image;
}
