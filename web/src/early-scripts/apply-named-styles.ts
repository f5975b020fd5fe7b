/**
 * Applies the stylesheets the page names for later (`<link rel="preload" as="style">`, written by
 * infra/src/system/route-shells.ts for the early layer's page) as stylesheets, and settles once
 * they have loaded, or rejects if one fails. The app finds them applied and does not ask again.
 *
 * @example
 * applyNamedStyles().then(() => (layer.hidden = false));
 */
export function applyNamedStyles(): Promise<unknown[]> {
  return Promise.all(
    Array.from(document.head.querySelectorAll('link[rel="preload"][as="style"]'), (preload) => {
      const sheet = document.createElement('link');
      sheet.setAttribute('rel', 'stylesheet');
      sheet.setAttribute('href', preload.getAttribute('href') ?? '');
      const loaded = new Promise((resolve, reject) => {
        sheet.addEventListener('load', resolve);
        sheet.addEventListener('error', reject);
      });
      document.head.append(sheet);
      return loaded;
    }),
  );
}
