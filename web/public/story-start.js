// The reader page's head names this file (infra/src/system/route-shells.ts): it asks for the
// story as soon as the page is parsed, instead of once the app's script has come, run and drawn
// (web/src/reader/started-story.ts takes the answer), names the first slide's image as soon as
// the answer does, and draws that slide in the page's own first-slide layer before the app's
// script has run (web/src/reader/first-slide-layer.ts). A file of its own: the
// Content-Security-Policy allows no inline script.
//
// Only for a visitor without a session and without an age-assurance token: a signed-in reader's
// GET may spend one of their premium stories, which the reader asks about first
// (web/src/premium/premium-opening.ts), and those requests carry headers this file does not send.
(() => {
  const route = /^\/story\/([^/]+)\/?$/i.exec(location.pathname);
  if (!route) return;
  let id;
  let position;
  let progress;
  let ownSettings;
  try {
    if (localStorage.getItem('auth_token') !== null) return;
    if (localStorage.getItem('nocturne.ageAssurance') !== null) return;
    id = decodeURIComponent(route[1]);
    position = Number(sessionStorage.getItem('nocturne.minPosition'));
    progress = JSON.parse(localStorage.getItem('nocturne.progress') ?? '{}');
    ownSettings = localStorage.getItem('reading_settings') !== null;
  } catch {
    return; // storage disabled, or a malformed address: the app asks itself
  }
  const headers =
    Number.isSafeInteger(position) && position > 0 ? { 'X-Min-Position': String(position) } : {};
  const answer = fetch(`/api/stories/${encodeURIComponent(id)}`, { headers });
  window.nocturneStoryStart = { id, answer };
  // The slide the reader shows first, only when it shows the first: not when it opens elsewhere
  // (progress kept in this browser), nor behind a warning or a gate.
  if (progress && typeof progress === 'object' && progress[id] > 0) return;
  // The layer is drawn with the default reading settings: not for a browser that keeps its own.
  const layer = ownSettings ? null : document.getElementById('reader-first-slide');
  // Calls `done` once `image` is on screen: loaded and decoded, then two frames on, by when the
  // frame that shows it has been presented; at most a second after asking, whatever the image
  // does (a failed image counts as decoded).
  const onScreen = (image, done) => {
    const decoded = image.decode ? image.decode().catch(() => {}) : Promise.resolve();
    const waited = new Promise((resolve) => setTimeout(resolve, 1000));
    Promise.race([decoded, waited]).then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))),
    );
  };
  // Settled once the frame that shows the layer is on screen, or once it will not be: the app
  // starts the reader's own files then (web/src/app/lazy-started-on.tsx), so they do not share
  // the slow link with what paints the layer. A page in the background draws no frame.
  let settle = () => {};
  if (layer)
    window.nocturneEarlyPaint = new Promise((resolve) => {
      settle = (image) =>
        image && document.visibilityState === 'visible' ? onScreen(image, resolve) : resolve();
    });
  // The reader's stylesheets, which the page names for later, applied now for the layer (the
  // app finds them applied and does not ask again).
  const styled = layer
    ? Promise.all(
        Array.from(document.head.querySelectorAll('link[rel="preload"][as="style"]'), (preload) => {
          const sheet = document.createElement('link');
          sheet.setAttribute('rel', 'stylesheet');
          sheet.setAttribute('href', preload.getAttribute('href'));
          const loaded = new Promise((resolve, reject) => {
            sheet.addEventListener('load', resolve);
            sheet.addEventListener('error', reject);
          });
          document.head.append(sheet);
          return loaded;
        }),
      )
    : undefined;
  answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((story) => {
      const ref = story?.images?.[0];
      if (typeof ref !== 'string' || story.ageAssuranceRequired || story.warnings?.length > 0) return;
      // The same sources and sizes as the reader's <img> (web/src/reader/StoryReader.tsx), so
      // the browser takes its image from this request.
      const src = ref.includes(':') ? ref : `/api/images/${ref}`;
      const srcset = ref.includes(':')
        ? undefined
        : [480, 960, 1440].map((w) => `/api/images/${ref}?w=${w} ${w}w`).join(', ');
      const link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      link.setAttribute('href', src);
      if (srcset) {
        link.setAttribute('imagesrcset', srcset);
        link.setAttribute('imagesizes', '100vw');
      }
      document.head.append(link);
      const text = story.texts?.[0];
      return styled?.then(() => {
        // Gone: the app's reader has drawn the slide already.
        if (!layer.isConnected) return;
        const image = layer.querySelector('[data-slot="image"]');
        if (srcset) image.setAttribute('srcset', srcset);
        image.setAttribute('src', src);
        // Text only, never markup.
        layer.querySelector('[data-slot="text"]').textContent = typeof text === 'string' ? text : '';
        layer.hidden = false;
        return image;
      });
    })
    .catch(() => undefined)
    .then(settle);
})();
