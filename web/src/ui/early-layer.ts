/**
 * A first screen the page's HTML draws before the app's script has run (the reader's first slide,
 * the profile's and the studio's first screens): a layer outside the app's root, over it, that
 * the page's early script may fill and show, until the app draws the same screen and takes it
 * away.
 *
 * @example
 *   const layer = earlyLayer('profile-first-screen');
 *   if (!layer.shown()) layer.remove();
 */
export function earlyLayer(id: string) {
  const element = () => (typeof document === 'undefined' ? null : document.getElementById(id));
  return {
    /** Whether the page shows it now (filled and no longer hidden). */
    shown(): boolean {
      const found = element();
      return found !== null && !found.hidden;
    },
    /** Takes it away, shown or not: the app draws the page from now on. */
    remove(): void {
      element()?.remove();
    },
  };
}
