// The reader page's head names this file (infra/src/system/route-shells.ts): it asks for the
// story as soon as the page is parsed, instead of once the app's script has come, run and drawn
// (web/src/reader/started-story.ts takes the answer), and names the first slide's image as soon
// as the answer does. A file of its own: the Content-Security-Policy allows no inline script.
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
  try {
    if (localStorage.getItem('auth_token') !== null) return;
    if (localStorage.getItem('nocturne.ageAssurance') !== null) return;
    id = decodeURIComponent(route[1]);
    position = Number(sessionStorage.getItem('nocturne.minPosition'));
    progress = JSON.parse(localStorage.getItem('nocturne.progress') ?? '{}');
  } catch {
    return; // storage disabled, or a malformed address: the app asks itself
  }
  const headers =
    Number.isSafeInteger(position) && position > 0 ? { 'X-Min-Position': String(position) } : {};
  const answer = fetch(`/api/stories/${encodeURIComponent(id)}`, { headers });
  window.nocturneStoryStart = { id, answer };
  // The image the reader shows first, with the same sources and sizes as its <img>
  // (web/src/reader/StoryReader.tsx), so the browser takes it from this request. Not when the
  // reader opens elsewhere (progress kept in this browser) or behind a warning or a gate.
  if (progress && typeof progress === 'object' && progress[id] > 0) return;
  answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((story) => {
      const ref = story?.images?.[0];
      if (typeof ref !== 'string' || story.ageAssuranceRequired || story.warnings?.length > 0) return;
      const link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      if (ref.includes(':')) {
        link.setAttribute('href', ref);
      } else {
        const srcset = [480, 960, 1440].map((w) => `/api/images/${ref}?w=${w} ${w}w`).join(', ');
        link.setAttribute('href', `/api/images/${ref}`);
        link.setAttribute('imagesrcset', srcset);
        link.setAttribute('imagesizes', '100vw');
      }
      document.head.append(link);
    })
    .catch(() => {});
})();
