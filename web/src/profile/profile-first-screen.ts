import { earlyLayer } from '../ui/early-layer';

/**
 * The profile's first screen as its page's HTML draws it before the app's script has run
 * (./profile-first-screen-render.tsx; filled by web/src/reading/profile-start.ts): a layer outside the
 * app's root, over it, until the app's profile has drawn its Continue reading row.
 */
export const PROFILE_FIRST_SCREEN_ID = 'profile-first-screen';

const layer = earlyLayer(PROFILE_FIRST_SCREEN_ID);

/** Whether the page shows the early first screen now (filled and no longer hidden). */
export const profileFirstScreenShown = layer.shown;

/** Takes the early first screen away, shown or not: the app draws the page from now on. */
export const removeProfileFirstScreen = layer.remove;
