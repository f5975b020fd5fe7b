import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInContext } from './support/members';

/**
 * A page names the stylesheets its route needs later (`<link rel="preload" as="style">`); the
 * app's loader then asks for them as stylesheets. Each file must be fetched once: a preload in
 * another request mode than the loader's is left unused, and the file comes a second time.
 */

/** How many times each stylesheet was asked for since the call. */
function stylesheetRequests(page: Page): () => Record<string, number> {
  const asked: Record<string, number> = {};
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.css')) asked[pathname] = (asked[pathname] ?? 0) + 1;
  });
  return () => asked;
}

const fetchedOnce = (asked: Record<string, number>) =>
  Object.fromEntries(Object.keys(asked).map((path) => [path, 1]));

test('each stylesheet of the landing, the profile and the reader is fetched once a page, for a visitor and for a member', async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const opening = `Each sheet once ${Date.now().toString(36)}.`;
  const { id } = await api.publishStory({ texts: [opening, 'Then the second.'] });
  const member = await api.createVerifiedUser({ prefix: 'sheets' });
  await nocturne.settle();

  const visitor = await browser.newContext({ baseURL });
  const signedIn = await signedInContext(browser, member, { baseURL });
  const visits = [
    { context: visitor, path: '/', shows: 'Stories' },
    { context: visitor, path: `/story/${id}`, shows: opening },
    { context: signedIn.context, path: '/', shows: 'Stories' },
    { context: signedIn.context, path: '/profile', shows: 'Saved' },
    { context: signedIn.context, path: `/story/${id}`, shows: opening },
  ];
  for (const { context, path, shows } of visits) {
    const page = await context.newPage();
    const asked = stylesheetRequests(page);
    await page.goto(path);
    await expect(page.getByText(shows).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(Object.keys(asked()).length, path).toBeGreaterThan(0);
    expect(asked(), path).toEqual(fetchedOnce(asked()));
    await page.close();
  }
  await visitor.close();
  await signedIn.context.close();
});
