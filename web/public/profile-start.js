// The profile page's head names this file (infra/src/system/route-shells.ts): it asks for the
// signed-in reader's Continue reading shelf as soon as the page is parsed, instead of once the
// app's script and the page's chunk have come and run (web/src/reading/started-shelf.ts takes the
// answer), and names the first card's image as soon as the shelf does. A file of its own: the
// Content-Security-Policy allows no inline script.
//
// The request is the page's own (web/src/reading/reading-queries.ts): same address, the stored
// session as its Bearer token, the position this tab has seen. A reading of the reader's own
// shelf spends and changes nothing. Not with an age-assurance token: the app sends that too.
(() => {
  if (!/^\/profile\/?$/i.test(location.pathname)) return;
  let token;
  let position;
  try {
    token = localStorage.getItem('auth_token');
    if (token === null) return;
    if (localStorage.getItem('nocturne.ageAssurance') !== null) return;
    position = Number(sessionStorage.getItem('nocturne.minPosition'));
  } catch {
    return; // storage disabled: the app asks itself
  }
  const headers = { Authorization: `Bearer ${token}` };
  if (Number.isSafeInteger(position) && position > 0) headers['X-Min-Position'] = String(position);
  const answer = fetch('/api/me/library?shelf=continue', { headers });
  window.nocturneShelfStart = { token, answer };
  // The first card's image, with the same source as its <img> (web/src/stories/StoryCard.tsx,
  // web/src/ui/image-src.ts), so the browser takes it from this request.
  answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((shelf) => {
      const ref = Array.isArray(shelf) ? shelf[0]?.images?.[0] : undefined;
      if (typeof ref !== 'string') return;
      const link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      link.setAttribute('href', ref.includes(':') ? ref : `/api/images/${ref}`);
      document.head.append(link);
    })
    .catch(() => {});
})();
