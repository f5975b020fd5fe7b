import { earlyLayer } from '../ui/early-layer';

/**
 * The creator page's first screen as the server writes it into the page's HTML
 * (./creator-first-screen-render.tsx, drawn from a visitor's answers): a layer outside the app's
 * root, over it, until the page draws its header and first cards, or the creator's refusal.
 */
export const CREATOR_FIRST_SCREEN_ID = 'creator-first-screen';

/** Takes the early first screen away: the app draws the page from now on. */
export const removeCreatorFirstScreen = earlyLayer(CREATOR_FIRST_SCREEN_ID).remove;
