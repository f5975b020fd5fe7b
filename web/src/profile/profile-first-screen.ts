/**
 * The profile's first screen as its page's HTML draws it before the app's script has run
 * (./profile-first-screen-render.tsx; filled by web/public/profile-start.js): a layer outside the
 * app's root, over it, until the app's profile has drawn its Continue reading row.
 */
export const PROFILE_FIRST_SCREEN_ID = 'profile-first-screen';

const layer = () =>
  typeof document === 'undefined' ? null : document.getElementById(PROFILE_FIRST_SCREEN_ID);

/** Whether the page shows the early first screen now (filled and no longer hidden). */
export function profileFirstScreenShown(): boolean {
  const element = layer();
  return element !== null && !element.hidden;
}

/** Takes the early first screen away, shown or not: the app draws the page from now on. */
export function removeProfileFirstScreen(): void {
  layer()?.remove();
}
