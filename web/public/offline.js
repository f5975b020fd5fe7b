// offline.html's one script (a file of its own: the Content-Security-Policy allows no inline
// script). When this device keeps stories for a reader with a session here, it shows the way to
// them: the profile, which opens offline with its "Kept offline" shelf. The same check as the
// start page's (web/src/offline/kept-stories-notice.tsx), which this static page cannot import.
(async () => {
  if (!localStorage.getItem('auth_token') || !self.caches) return;
  for (const name of await caches.keys()) {
    if (!name.startsWith('nocturne-kept-')) continue;
    const keys = await (await caches.open(name)).keys();
    if (keys.some((request) => new URL(request.url).pathname.startsWith('/offline/stories/'))) {
      document.getElementById('kept-stories').hidden = false;
      return;
    }
  }
})();
