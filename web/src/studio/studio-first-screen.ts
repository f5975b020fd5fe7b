import { earlyLayer } from '../ui/early-layer';

/**
 * The studio's first screen as its page's HTML draws it before the app's script has run
 * (web/src/studio/studio-first-screen-render.tsx; shown by its stylesheet when
 * web/src/studio/studio-start.ts found a stored session): a layer outside the app's root, over it,
 * until the app draws the studio or sends a visitor elsewhere.
 */
export const STUDIO_FIRST_SCREEN_ID = 'studio-first-screen';

/** Takes the early first screen away, shown or not: the app draws the page from now on. */
export const removeStudioFirstScreen = earlyLayer(STUDIO_FIRST_SCREEN_ID).remove;
