import { expect, type Page, test } from './fixtures';
import { signedInContext } from './support/members';
import { expectInsideViewport, expectShortLabelsWhole, VIEWPORTS } from './support/screen-checks';

/**
 * Reading settings: a member's follow them to every device (two browser contexts of one member:
 * a choice in one applies in the other without a reload, and after one); a visitor's stay in
 * their browser. The panel stays on screen at both widths.
 */

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Reading settings' }).click();
  return page.getByRole('dialog', { name: 'Reading settings' });
}

const reader = (page: Page) => page.locator('.reader');

test("a member's settings apply on their other device, without a reload and after one", async ({
  browser,
  api,
  nocturne,
}) => {
  test.setTimeout(90_000);
  const { id } = await api.publishStory({ texts: ['The first lantern went out.', 'Then the second.'] });
  const member = await api.createVerifiedUser({ prefix: 'settings' });
  await nocturne.settle();
  const options = { baseURL: nocturne.baseURL, viewport: VIEWPORTS[0]! };
  const phone = await signedInContext(browser, member, options);
  const laptop = await signedInContext(browser, member, { ...options, viewport: VIEWPORTS[1]! });
  for (const { page } of [phone, laptop]) {
    await page.goto(`/story/${id}`);
    await expect(page.getByText('1/2', { exact: true })).toBeVisible();
    await expect(reader(page)).toHaveAttribute('data-theme', 'dark');
  }

  const panel = await openSettings(phone.page);
  await expectInsideViewport(panel, 'the settings panel at 390');
  await expectShortLabelsWhole(panel, 'the settings panel at 390');
  await panel.getByRole('button', { name: 'Sepia' }).click();
  await panel.getByRole('button', { name: 'Larger' }).click();
  await panel.getByRole('button', { name: 'Sans' }).click();
  await expect(reader(phone.page)).toHaveAttribute('data-theme', 'sepia');
  await expect(reader(phone.page)).toHaveAttribute('data-text-size', 'larger');

  // The other device, left open, takes the three choices by itself: each change carries only its
  // own setting, so none of the quick ones is lost.
  await expect(reader(laptop.page)).toHaveAttribute('data-typeface', 'sans', { timeout: 20_000 });
  await expect(reader(laptop.page)).toHaveAttribute('data-theme', 'sepia');
  await expect(reader(laptop.page)).toHaveAttribute('data-text-size', 'larger');
  const laptopPanel = await openSettings(laptop.page);
  await expectInsideViewport(laptopPanel, 'the settings panel at 1440');
  await expect(laptopPanel.getByRole('button', { name: 'Sepia' })).toHaveAttribute('aria-pressed', 'true');
  // Clicked, then awaited: the box is drawn from the change on its way, which the query library
  // hands to React a task after the click, so an immediate look can still see it unticked.
  const reduceMotion = laptopPanel.getByRole('checkbox', { name: 'Reduce motion' });
  await reduceMotion.click();
  await expect(reduceMotion).toBeChecked();
  await expect(reader(laptop.page)).toHaveAttribute('data-reduced-motion', 'on');

  // A fresh opening on the first device has both choices.
  await phone.page.reload();
  await expect(reader(phone.page)).toHaveAttribute('data-reduced-motion', 'on');
  await expect(reader(phone.page)).toHaveAttribute('data-theme', 'sepia');
  await phone.context.close();
  await laptop.context.close();
});

test("a visitor's settings stay in their browser", async ({ browser, api, nocturne }) => {
  const { id } = await api.publishStory({ texts: ['A visitor reads by the window.', 'Rain.'] });
  await nocturne.settle();
  const context = await browser.newContext({ baseURL: nocturne.baseURL });
  const page = await context.newPage();
  await page.goto(`/story/${id}`);
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: 'Light' }).click();
  await panel.getByRole('button', { name: 'Relaxed' }).click();
  await expect(reader(page)).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(reader(page)).toHaveAttribute('data-theme', 'light');
  await expect(reader(page)).toHaveAttribute('data-line-spacing', 'relaxed');

  const other = await browser.newContext({ baseURL: nocturne.baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto(`/story/${id}`);
  await expect(reader(elsewhere)).toHaveAttribute('data-theme', 'dark');
  await context.close();
  await other.close();
});
