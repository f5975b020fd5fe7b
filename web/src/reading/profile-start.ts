import { applyNamedStyles } from '../early-scripts/apply-named-styles';
import { earlyPaint } from '../early-scripts/early-paint';
import { preloadImage } from '../early-scripts/preload-image';
import { keepsAgeToken, minPositionHeader, storedSession } from '../early-scripts/stored';
import { maskEmail } from '../profile/mask-email';
import { premiumStoriesLeft } from '../profile/premium-left';
import { imageSrc } from '../ui/image-src';

/**
 * The profile page's early script, built on its own as `/profile-start.js`
 * (web/build/early-scripts.ts) and named by the page's head (infra/src/system/route-shells.ts): it
 * asks for the signed-in reader's Continue reading shelf as soon as the page is parsed, instead of
 * once the app's script and the page's chunk have come and run (./started-shelf.ts takes the
 * answer), and names the first card's image as soon as the shelf does. With the session's user,
 * it then draws the top of the profile in the page's own first screen before the app has drawn
 * it (web/src/profile/profile-first-screen.ts). A file of its own: the Content-Security-Policy
 * allows no inline script.
 *
 * The request is the page's own (./reading-queries.ts): same address, the stored session as its
 * Bearer token, the position this tab has seen. A reading of the reader's own shelf spends and
 * changes nothing. Not with an age-assurance token: the app sends that too.
 */
export default function profileStart(): void {
  if (!/^\/profile\/?$/i.test(location.pathname)) return;
  let token: string | null;
  let headers: Record<string, string>;
  try {
    token = storedSession();
    if (token === null || keepsAgeToken()) return;
    headers = { Authorization: `Bearer ${token}`, ...minPositionHeader() };
  } catch {
    return; // storage disabled: the app asks itself
  }
  const answer = fetch('/api/me/library?shelf=continue', { headers });
  window.nocturneShelfStart = { token, answer };
  const shelf = answer.then((response) => (response.ok ? response.clone().json() : undefined));
  // The first card's image, with the same source as its <img> (web/src/stories/StoryCard.tsx).
  shelf
    .then((stories) => {
      const ref = Array.isArray(stories) ? stories[0]?.images?.[0] : undefined;
      if (typeof ref === 'string') preloadImage(imageSrc(ref));
    })
    .catch(() => {});

  // The page's first screen (web/src/profile/profile-first-screen.ts), after the app's root: not
  // yet parsed only if this script came before the rest of the page. Looked for again once the
  // answers are in: the app takes it away as soon as it draws the profile, or leaves it.
  const layer = () => document.getElementById('profile-first-screen');
  if (document.readyState !== 'loading' && !layer()) return;
  const settle = earlyPaint();
  // Who is signed in, for the account card above the shelf: the app's session check takes this
  // answer (web/src/auth/started-session-check.ts) rather than asking again.
  const me = fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  window.nocturneMeStart = { token, answer: me };
  const user = me.then((response) => (response.ok ? response.clone().json() : undefined));
  Promise.all([user, shelf])
    .then(([me, stories]) => {
      if (!layer() || typeof me?.email !== 'string' || !Array.isArray(stories)) return undefined;
      if (typeof stories[0]?.images?.[0] !== 'string') return undefined;
      return applyNamedStyles().then(() => [me, stories] as const);
    })
    .then((answers) => {
      const screen = layer();
      if (!answers || !screen) return undefined;
      const [me, stories] = answers;
      const slot = (name: string) => screen.querySelector(`[data-slot="${name}"]`)!;
      // Text only, never markup.
      slot('initial').textContent = me.email.charAt(0).toUpperCase();
      slot('email').textContent = maskEmail(me.email);
      if (me.is_subscribed) {
        slot('remaining').textContent = premiumStoriesLeft(me.premium_stories_remaining);
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
        const image = card.querySelector('[data-slot="image"]')!;
        if (typeof ref === 'string') image.setAttribute('src', imageSrc(ref));
        else image.remove();
        if (story.isPremium) {
          card.firstElementChild!.classList.add('story-card--premium');
          if (!me.is_subscribed) image.classList.add('story-card__image--blurred');
        }
      });
      screen.hidden = false;
      return screen.querySelector<HTMLImageElement>('[data-slot="image"]');
    })
    .catch(() => undefined)
    .then(settle);
}
