import { earlyLayer } from '../ui/early-layer';

/**
 * The reader's first slide as the reader page's HTML draws it before the app's script has run
 * (web/src/reader/first-slide-layer-render.tsx; filled by web/src/reader/story-start.ts): a layer
 * outside the app's root, over it, until the app's reader has drawn the same slide.
 */
export const FIRST_SLIDE_LAYER_ID = 'reader-first-slide';

const layer = earlyLayer(FIRST_SLIDE_LAYER_ID);

/** Whether the page shows the early first slide now (filled and no longer hidden). */
export const firstSlideLayerShown = layer.shown;

/** Takes the early first slide away, shown or not: the app draws the page from now on. */
export const removeFirstSlideLayer = layer.remove;
