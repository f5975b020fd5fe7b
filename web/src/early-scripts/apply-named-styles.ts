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
      // In the preload's mode, or the preload goes unused and the file is fetched again.
      const mode = preload.getAttribute('crossorigin');
      if (mode !== null) sheet.setAttribute('crossorigin', mode);
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
