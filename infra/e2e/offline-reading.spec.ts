import { apiCall, type BoundApi, type E2eSystem, expect, type Page, test } from './fixtures';
import { signedIn } from './support/members';
import { expectFitsWidth, expectNoSeriousViolations } from './support/screen-checks';

/**
 * Stories kept offline (web/src/offline, docs/offline.md): a signed-in reader keeps a free story
 * on the device, reads it with the browser offline (its slides drawn from the device), likes it
 * offline; back online the like lands once; a story the admin hid since leaves the device at the
 * next sync.
 */

/** Opens the story and scrolls to The End, where "Keep offline" stands beside Save. */
async function keepOffline(page: Page, id: string, firstText: string) {
  await page.goto(`/story/${id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.reader__text-inner')).toHaveText(firstText);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const keep = page.getByRole('button', { name: 'Keep offline' });
  await keep.click();
  await expect(page.getByRole('button', { name: 'Kept offline' })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Set on a page before its scripts run: what the reader page's first-slide layer showed when it was
 * first shown (`window.layerShown`), and whether the app's script had been asked for by then.
 */
const WATCH_FIRST_SLIDE_LAYER = `new MutationObserver((_, observer) => {
  const layer = document.getElementById('reader-first-slide');
  if (!layer || layer.hidden) return;
  observer.disconnect();
  window.layerShown = {
    src: layer.querySelector('img').getAttribute('src'),
    text: layer.textContent,
    appScriptAsked: document.querySelector('script[data-nocturne-app]') !== null,
  };
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });`;

/** The paths of everything in the device's kept caches. */
const keptPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('nocturne-kept-')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

test('a reader keeps a story offline, reads and likes it without a connection, and the like lands once', async ({
  page,
  context,
  api,
  nocturne,
}) => {
  const { baseURL } = nocturne;
  const reader = await api.createVerifiedUser();
  const kept = await api.publishStory({
    texts: ['The night train left.', 'Rain on the glass.', 'Morning came.'],
  });
  const later = await api.publishStory({ texts: ['A harbour light.', 'The boat came in.'] });
  await nocturne.settle();
  await signedIn(page, reader);

  await keepOffline(page, kept.id, 'The night train left.');
  await keepOffline(page, later.id, 'A harbour light.');

  await page.goto('/profile');
  const shelf = page.getByRole('region', { name: 'Kept offline' });
  await expect(shelf.getByRole('link')).toHaveCount(2);
  await expect(shelf.getByTestId('kept-space')).toContainText('Kept stories use');
  await expectFitsWidth(page, 'the profile with kept stories');
  await expectNoSeriousViolations(page, 'the profile with kept stories');

  // Offline: the kept story opens from the device, its slides drawn from it.
  await context.setOffline(true);
  await shelf.getByRole('link', { name: /The night train left/ }).click();
  // It opens where the reader stopped in this tab (its last slide), as online.
  await page.getByRole('button', { name: 'Start from the beginning' }).click();
  await expect(page.locator('.reader__text-inner')).toHaveText('The night train left.');
  const slide = page.locator('img.reader__image--active');
  await expect(slide).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.locator('.reader__text-inner')).toHaveText('Rain on the glass.');

  // A like made offline waits in the queue with its key.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByRole('button', { name: /^Liked/ })).toBeVisible();
  const queued = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('nocturne.offline.actions') ?? '[]'),
  );
  expect(queued.filter((a: { path: string }) => a.path === `/api/stories/${kept.id}/like`)).toHaveLength(1);

  // Back online, on the profile: the sync sends it, once.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(shelf).toBeVisible();
  await context.setOffline(false);
  const likes = async () =>
    ((await apiCall(baseURL, 'GET', `/api/stories/${kept.id}`)).body as { likes: number }).likes;
  await expect.poll(likes, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nocturne.offline.actions'))).toBeNull();
  await page.reload(); // the next start's sync finds nothing more to send
  await expect(shelf.getByRole('link')).toHaveCount(2);
  await nocturne.settle();
  expect(await likes()).toBe(1);

  // The admin hides the other story: the next sync removes it from the device.
  const hidden = await apiCall(baseURL, 'POST', `/api/admin/stories/${later.id}/hide`, {
    admin: await api.adminToken(),
    body: { reason: 'Breaks the rules' },
  });
  expect(hidden.status).toBe(200);
  await nocturne.settle();
  await page.reload();
  await expect(shelf.getByRole('link')).toHaveCount(1);
  await expect(shelf.getByRole('link', { name: /The night train left/ })).toBeVisible();
  const paths = await keptPaths(page);
  expect(paths).toContain(`/offline/stories/${kept.id}`);
  expect(paths).not.toContain(`/offline/stories/${later.id}`);

  // Freeing the space empties the device of this reader's copies.
  await shelf.getByRole('button', { name: 'Remove offline copies' }).click();
  // Online with nothing kept, the shelf leaves the profile to the library.
  await expect(shelf).toHaveCount(0);
  expect(await keptPaths(page)).toEqual([]);
});

test('"Keep all saved offline" keeps every saved story the reader may read', async ({
  page,
  api,
  nocturne,
}) => {
  const { baseURL } = nocturne;
  const reader = await api.createVerifiedUser();
  const first = await api.publishStory({ texts: ['A door in the hill.', 'It opened.'] });
  const second = await api.publishStory({ texts: ['Snow on the roofs.', 'A fox crossed.'] });
  for (const { id } of [first, second]) {
    const saved = await apiCall(baseURL, 'PUT', `/api/stories/${id}/saved`, { token: reader.token });
    expect(saved.status).toBeLessThan(300);
  }
  await nocturne.settle();
  await signedIn(page, reader);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await page.getByRole('button', { name: 'Keep all saved offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 kept offline.' })).toBeVisible();
  const shelf = page.getByRole('region', { name: 'Kept offline' });
  await expect(shelf.getByRole('link')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'the Saved shelf with its keep-all button');

  // At a phone's width the shelf and the keep buttons hold together.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, 'the kept shelf at 390 px');
  await page.goto(`/story/${first.id}`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('button', { name: 'Kept offline' })).toBeVisible();
  await expectFitsWidth(page, 'the end of a kept story at 390 px');
});

test('signing out offline asks before discarding unsent actions, then leaves no kept copy and no queued action on the device', async ({
  page,
  context,
  api,
  nocturne,
}) => {
  const reader = await api.createVerifiedUser();
  const story = await api.publishStory({ texts: ['A kite over the dunes.', 'The string broke.'] });
  await nocturne.settle();
  await signedIn(page, reader);
  await keepOffline(page, story.id, 'A kite over the dunes.');
  await page.goto('/profile');
  const keptLink = page.getByRole('region', { name: 'Kept offline' }).getByRole('link', { name: /A kite/ });
  await expect(keptLink).toBeVisible();

  // Offline, a like on the kept story waits in the queue.
  await context.setOffline(true);
  await keptLink.click();
  await expect(page.locator('.reader__text-inner')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByRole('button', { name: /^Liked/ })).toBeVisible();
  const queue = () => page.evaluate(() => localStorage.getItem('nocturne.offline.actions'));
  const queuedPaths = JSON.parse((await queue()) ?? '[]').map((action: { path: string }) => action.path);
  expect(queuedPaths).toContain(`/api/stories/${story.id}/like`);
  expect(await keptPaths(page)).toContain(`/offline/stories/${story.id}`);

  await page.getByRole('link', { name: 'Back' }).click();
  const signOut = async (answer: 'accept' | 'dismiss') => {
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog[answer]();
    });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings menu' })
      .getByRole('button', { name: 'Logout' })
      .click();
    // The like, and the place in the story read to its end.
    await expect
      .poll(() => asked)
      .toMatch(
        new RegExp(`^${queuedPaths.length} things you did offline .* Signing out now discards them\\.`),
      );
  };

  // The unsent like is the reader's to give up: asked first, they may stay signed in and keep it.
  await signOut('dismiss');
  await expect(page).toHaveURL(/\/profile$/);
  expect(JSON.parse((await queue()) ?? '[]')).toHaveLength(queuedPaths.length);
  await signOut('accept');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptPaths(page)).toEqual([]);
  expect(await queue()).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('nocturne.offline.owner'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test.describe('with the service worker', () => {
  // Every other spec runs without the worker (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  /** A signed-in reader's page with the worker installed keeps a new story (`texts`) offline. */
  async function keptWithTheWorker(
    { page, api, nocturne }: { page: Page; api: BoundApi; nocturne: E2eSystem },
    texts: string[],
  ) {
    const reader = await api.createVerifiedUser();
    const story = await api.publishStory({ texts });
    await nocturne.settle();
    await signedIn(page, reader);
    await page.goto('/');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await keepOffline(page, story.id, texts[0]!);
    return story;
  }

  test("a kept story opened offline in a new tab has its first slide drawn by its page, from the device, before the app's script", async ({
    page,
    context,
    api,
    nocturne,
  }) => {
    const story = await keptWithTheWorker({ page, api, nocturne }, [
      'Frost on the rails.',
      'The station slept.',
    ]);

    // A new tab (no place left in it) without a connection: the worker answers with the
    // reader's page, whose early script draws the kept first slide.
    await context.setOffline(true);
    const tab = await context.newPage();
    await tab.addInitScript(WATCH_FIRST_SLIDE_LAYER);
    await tab.goto(`/story/${story.id}`);
    await expect(tab.locator('#root .reader__text-inner')).toHaveText('Frost on the rails.');
    const drawn = await tab.evaluate(() => (window as { layerShown?: unknown }).layerShown);
    expect(drawn).toEqual({
      src: expect.stringMatching(/^blob:/),
      text: 'Frost on the rails.',
      appScriptAsked: false,
    });
    // The reader took its place with the same image, already decoded.
    await expect(tab.locator('#reader-first-slide')).toHaveCount(0);
    const slide = tab.locator('img.reader__image--active');
    await expect(slide).toHaveAttribute('src', (drawn as { src: string }).src);
    await tab.close();
  });

  test('an app started offline opens the profile’s kept stories and reads one from the device', async ({
    page,
    context,
    api,
    nocturne,
  }) => {
    await keptWithTheWorker({ page, api, nocturne }, ['Lanterns over the river.', 'The last one sank.']);

    // A cold start without a connection: the pages come from the worker's shell. The start
    // page's stories cannot load; it leads to the kept ones.
    await context.setOffline(true);
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Offline' });
    await expect(notice).toContainText('You are offline. Your kept stories open without a connection.');
    await notice.getByRole('link', { name: 'Read your kept stories' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    const shelf = page.getByRole('region', { name: 'Kept offline' });
    await shelf.getByRole('link', { name: /Lanterns over the river/ }).click();
    // It opens where the reader stopped (the end, where they kept it) when this tab still knows it.
    await expect(page.locator('.reader__text-inner')).toBeVisible();
    const start = page.getByRole('button', { name: 'Start from the beginning' });
    if (await start.isVisible()) await start.click();
    await expect(page.locator('.reader__text-inner')).toHaveText('Lanterns over the river.');
    const slide = page.locator('img.reader__image--active');
    await expect(slide).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectFitsWidth(page, 'a kept story read offline');

    // A page the worker cannot answer offline: the offline page, with the way to the kept stories.
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await page.getByRole('link', { name: 'Read your kept stories' }).click();
    await expect(shelf.getByRole('link', { name: /Lanterns over the river/ })).toBeVisible();
  });
});
