import { expect, test } from './fixtures';

/**
 * The installable app (web/build/service-worker.ts, docs/offline.md): the service worker
 * installs on the first visit and precaches the app shell; offline, `/` still opens from it, a
 * page it cannot answer shows the offline page, and nothing a viewer reads (API answers,
 * images) is in its caches.
 */

// Every other spec runs without the worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('/sw.js is served for the whole app and revalidated on every check', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(await worker.text()).toContain('offline.html');
});

test('offline, the start page opens from the precached shell and another page shows the offline page', async ({
  page,
  context,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['A lamp in the rain.', 'The lamp went out.'] });
  await nocturne.settle();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive');
  // Registered after `load`; ready once installed (the shell precached) and active.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');

  // What the worker keeps: the shell's files, never an API answer or an image.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/offline.html');
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/images/'))).toEqual([]);

  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive');
  // The stories are an API answer, never cached: offline, the grid says it could not load them.
  await expect(page.getByText('Failed to load stories. Please try again later.')).toBeVisible();
  // Nothing kept on this device (and no session): no way to kept stories is offered.
  await expect(page.getByRole('link', { name: 'Read your kept stories' })).toHaveCount(0);

  // The reader opens from the shell (it would open a story kept on this device); this one is not.
  await page.goto(`/story/${id}`);
  await expect(page.getByText('You are offline. This story is not kept on this device.')).toBeVisible();

  // Any other page: the offline page.
  await page.goto('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Read your kept stories' })).toBeHidden();

  // Back online, Try again loads the same page from the network, and the story opens again.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/policy\??$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeHidden();
  await page.goto(`/story/${id}`);
  await expect(page.getByText('A lamp in the rain.')).toBeVisible();
});

test("a visitor's first page a story, its first slide drawn before the app's script, installs the worker too", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Drawn by the page.', 'Then by the app.'] });
  await nocturne.settle();
  await page.goto(`/story/${id}`);
  await expect(page.locator('#root .reader__text-inner')).toHaveText('Drawn by the page.');
  // The app's script came after the page had loaded (its first slide painted first).
  const scope = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((registration) => registration.scope),
      new Promise((resolve) => setTimeout(() => resolve('not registered'), 10_000)),
    ]),
  );
  expect(scope).toBe(`${new URL(page.url()).origin}/`);
});
