import { createHash } from 'node:crypto';
import { expect, type Page, test } from './fixtures';
import { startDeployProxy } from './support/deploy-proxy';

/**
 * A new version of the installed app (web/src/pwa, docs/offline.md, "Updates and installing"):
 * the product is served through a proxy (./support/deploy-proxy.ts) that plays a deploy, so the
 * browser finds a changed `/sw.js` on its own, as it would after a real one. The new worker
 * installs and waits; the page offers it; Reload lets it take over and reloads the page.
 */

// Every other spec runs without the worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PRECACHED_INDEX = /(\{url:"index\.html",revision:")([0-9a-f]+)(")/;

/**
 * The next build as its deploy serves it: a changed index.html, and so a worker whose precache
 * names its new revision (Workbox's md5 of the file): a new `/sw.js`.
 */
async function nextBuild(baseURL: string) {
  const index = await (await fetch(`${baseURL}/index.html`)).text();
  const worker = await (await fetch(`${baseURL}/sw.js`)).text();
  const revision = PRECACHED_INDEX.exec(worker)?.[2];
  if (!revision) throw new Error('/sw.js does not precache index.html with a revision');
  const nextIndex = index.replace('</head>', '  <meta name="nocturne-build" content="next" />\n  </head>');
  const nextRevision = createHash('md5').update(nextIndex).digest('hex');
  return {
    revision,
    nextRevision,
    files: { '/index.html': nextIndex, '/sw.js': worker.replace(PRECACHED_INDEX, `$1${nextRevision}$3`) },
  };
}

/** The revisions of index.html in the worker's precache. */
const precachedIndexRevisions = (page: Page) =>
  page.evaluate(async () => {
    const revisions: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname === '/index.html') revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return revisions.sort();
  });

test('a new version waiting is offered, and Reload opens the page under it', async ({ page, nocturne }) => {
  const proxy = await startDeployProxy(nocturne.baseURL);
  try {
    await page.goto(`${proxy.baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const build = await nextBuild(nocturne.baseURL);
    expect(await precachedIndexRevisions(page)).toEqual([build.revision]);
    const banner = page.getByRole('region', { name: 'Update' });
    await expect(banner).toHaveCount(0);

    // The deploy: the next navigation makes the browser check /sw.js, find it changed and
    // install the new worker, which waits while the old one controls the page.
    proxy.deploy(build.files);
    await page.reload();
    await expect(banner.getByRole('status')).toContainText('A new version is available');
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
    ).toBe('installed');
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeTheUpdate' in window)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive');
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    // The page runs under the new worker: its precache holds the new index.html, not the old.
    await expect.poll(() => precachedIndexRevisions(page)).toEqual([build.nextRevision]);
    await expect(banner).toHaveCount(0);
  } finally {
    await proxy.stop();
  }
});

test('a version left waiting is offered again when the page is opened next', async ({ page, nocturne }) => {
  const proxy = await startDeployProxy(nocturne.baseURL);
  try {
    await page.goto(`${proxy.baseURL}/`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    proxy.deploy((await nextBuild(nocturne.baseURL)).files);
    await page.reload();
    const banner = page.getByRole('region', { name: 'Update' });
    await expect(banner.getByRole('status')).toContainText('A new version is available');
    await banner.getByRole('button', { name: 'Not now' }).click();
    await expect(banner).toHaveCount(0);

    // The new worker still waits (a reload does not let it take over), and the browser finds no
    // newer /sw.js: no update is found on this load, yet the waiting version is offered.
    await page.reload();
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
    ).toBe('installed');
    await expect(banner.getByRole('status')).toContainText('A new version is available');
  } finally {
    await proxy.stop();
  }
});
