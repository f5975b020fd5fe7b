import { expect, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';

/** `/policy` and the not-found page. */

let sys: E2eSystem;

test.beforeAll(async () => {
  sys = await startE2eSystem();
});

test.afterAll(async () => {
  await sys?.stop();
});

const url = (path: string) => `${sys.baseURL}${path}`;

test('the policy page has every section, the date and the way home', async ({ page }) => {
  await page.goto(url('/policy'));
  await expect(page.getByRole('heading', { level: 1, name: 'Content Policy' })).toBeVisible();
  await expect(page.getByText('Last updated December 2024')).toBeVisible();
  for (const section of [
    'Forbidden content',
    'Permitted content',
    'Age verification',
    'Legal',
    'Enforcement',
    'Reporting',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  const back = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
  await back.click();
  await expect(page).toHaveURL(url('/'));
});

for (const path of ['/no-such-page', '/stories/of/nowhere', '/policy/extra']) {
  test(`an unknown route (${path}) shows the not-found page with a link home`, async ({ page }) => {
    await page.goto(url(path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Oops! Page not found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(url('/'));
  });
}
