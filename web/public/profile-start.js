// The profile page's head names this file (infra/src/system/route-shells.ts): it asks for the
// signed-in reader's Continue reading shelf as soon as the page is parsed, instead of once the
// app's script and the page's chunk have come and run (web/src/reading/started-shelf.ts takes the
// answer), and names the first card's image as soon as the shelf does. With the session's user,
// it then draws the top of the profile in the page's own first screen before the app has drawn it
// (web/src/profile/profile-first-screen.ts). A file of its own: the Content-Security-Policy
// allows no inline script.
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
  const imageOf = (ref) => (ref.includes(':') ? ref : `/api/images/${ref}`);
  const shelf = answer.then((response) => (response.ok ? response.clone().json() : undefined));
  // The first card's image, with the same source as its <img> (web/src/stories/StoryCard.tsx,
  // web/src/ui/image-src.ts), so the browser takes it from this request.
  shelf
    .then((stories) => {
      const ref = Array.isArray(stories) ? stories[0]?.images?.[0] : undefined;
      if (typeof ref !== 'string') return;
      const link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      link.setAttribute('href', imageOf(ref));
      document.head.append(link);
    })
    .catch(() => {});

  // The profile's stylesheets, which the page names for later, applied for the first screen (the
  // app finds them applied and does not ask again).
  const styled = () =>
    Promise.all(
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
    );
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
  // As web/src/profile/mask-email.ts masks it.
  const masked = (email) => {
    const at = email.lastIndexOf('@');
    const local = at >= 0 ? email.slice(0, at) : email;
    const domain = at >= 0 ? email.slice(at) : '';
    if (local.length === 0) return email;
    return `${local.length <= 4 ? `${local[0]}***` : `${local.slice(0, 2)}***${local.slice(-2)}`}${domain}`;
  };
  // The page's first screen (web/src/profile/profile-first-screen.ts), after the app's root: not
  // yet parsed only if this script came before the rest of the page. Looked for again once the
  // answers are in: the app takes it away as soon as it draws the profile, or leaves it.
  const layer = () => document.getElementById('profile-first-screen');
  if (document.readyState !== 'loading' && !layer()) return;
  // Settled once the frame that shows the layer is on screen, or once it will not be: the app
  // starts the profile's own files then (web/src/app/lazy-started-on.tsx), so they do not share
  // the slow link with what paints the layer. A page in the background draws no frame.
  let settle = () => {};
  window.nocturneEarlyPaint = new Promise((resolve) => {
    settle = (image) =>
      image && document.visibilityState === 'visible' ? onScreen(image, resolve) : resolve();
  });
  // Who is signed in, for the account card above the shelf: the app's session check takes this
  // answer (web/src/auth/started-session-check.ts) rather than asking again.
  const me = fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  window.nocturneMeStart = { token, answer: me };
  const user = me.then((response) => (response.ok ? response.clone().json() : undefined));
  Promise.all([user, shelf])
    .then(([me, stories]) => {
      if (!layer() || typeof me?.email !== 'string' || !Array.isArray(stories)) return undefined;
      if (typeof stories[0]?.images?.[0] !== 'string') return undefined;
      return styled().then(() => [me, stories]);
    })
    .then((answers) => {
      const screen = layer();
      if (!answers || !screen) return;
      const [me, stories] = answers;
      const slot = (name) => screen.querySelector(`[data-slot="${name}"]`);
      // Text only, never markup.
      slot('initial').textContent = me.email.charAt(0).toUpperCase();
      slot('email').textContent = masked(me.email);
      if (me.is_subscribed) {
        slot('remaining').textContent = `${me.premium_stories_remaining} premium stories left`;
        slot('free').remove();
      } else {
        slot('premium').remove();
      }
      screen.querySelectorAll('[data-slot="card"]').forEach((card, index) => {
        const story = stories[index];
        if (!story) {
          card.remove();
          return;
        }
        const ref = story.images?.[0];
        const image = card.querySelector('[data-slot="image"]');
        if (typeof ref === 'string') image.setAttribute('src', imageOf(ref));
        else image.remove();
        if (story.isPremium) {
          card.firstElementChild.classList.add('story-card--premium');
          if (!me.is_subscribed) image.classList.add('story-card__image--blurred');
        }
      });
      screen.hidden = false;
      return screen.querySelector('[data-slot="image"]');
    })
    .catch(() => undefined)
    .then(settle);
})();
