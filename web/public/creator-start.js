// The creator page's head names this file (infra/src/system/route-shells.ts): it asks for the
// creator and the first page of their stories as soon as the page is parsed, instead of once the
// app's script and the page's chunk have come and run (web/src/creators/started-creator.ts takes
// the answers), and names the first card's image as soon as the list does. A file of its own:
// the Content-Security-Policy allows no inline script.
//
// Only for a visitor without a session and without an age-assurance token: those requests carry
// headers this file does not send, and their answers differ (premium images, adult stories).
// The requests are the page's own (web/src/creators/creator-queries.ts): same address, same query.
(() => {
  const route = /^\/creator\/([^/]+)\/?$/i.exec(location.pathname);
  if (!route) return;
  let handle;
  let position;
  try {
    if (localStorage.getItem('auth_token') !== null) return;
    if (localStorage.getItem('nocturne.ageAssurance') !== null) return;
    handle = decodeURIComponent(route[1]);
    position = Number(sessionStorage.getItem('nocturne.minPosition'));
  } catch {
    return; // storage disabled, or a malformed address: the app asks itself
  }
  const headers =
    Number.isSafeInteger(position) && position > 0 ? { 'X-Min-Position': String(position) } : {};
  const creator = fetch(`/api/creators/${encodeURIComponent(handle)}`, { headers });
  // The first page of their stories: CREATOR_PAGE of them.
  const list = new URLSearchParams({ limit: '6', creator: handle });
  const stories = fetch(`/api/stories?${list}`, { headers });
  window.nocturneCreatorStart = { handle, creator, stories };
  // The first card's image, with the same source as its <img> (web/src/stories/StoryCard.tsx,
  // web/src/ui/image-src.ts), so the browser takes it from this request. Not when the server
  // drew the first screen (infra/src/system/creator-first-screen.ts): its image is in the page.
  if (document.getElementById('creator-first-screen')) return;
  stories
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((list) => {
      const ref = Array.isArray(list) ? list[0]?.images?.[0] : undefined;
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
