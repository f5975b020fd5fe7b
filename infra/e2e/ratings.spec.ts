import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signedInContext } from './support/members';
import { expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { openStoryForm } from './support/staff';

/**
 * Ratings end to end: the admin publishes an Explicit story from the panel's form, its card in
 * the panel says so, and a moderator's change (with a reason) makes it General; a visitor's card
 * shows the rating; a reader's profile filters by rating.
 */

const png = (hue: number) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: `hsl(${hue}, 45%, 35%)` } })
    .png()
    .toBuffer();

test('a story is published Explicit, re-rated General with a reason, and its card shows the rating', async ({
  browser,
  baseURL,
  nocturne,
}) => {
  test.setTimeout(120_000);
  const opening = `rated-${Date.now().toString(36)}: the masquerade began at midnight.`;
  const admin = await browser.newContext({ baseURL: baseURL!, viewport: VIEWPORTS[1] });
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin_panel');
  await adminPage.getByLabel('Admin password').fill(nocturne.adminPassword);
  await adminPage.getByRole('button', { name: 'Access Admin Panel' }).click();

  await openStoryForm(adminPage);
  const create = adminPage.locator('.admin-create');
  await create
    .getByLabel('Image for slide 1')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png(300) });
  await create.getByLabel('Text for slide 1').fill(opening);
  await create
    .getByLabel('Image for slide 2')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await png(330) });
  await create.getByLabel('Text for slide 2').fill('The masks came off.');
  await create.getByLabel('Explicit', { exact: true }).check();
  await create.getByRole('button', { name: 'Create Story' }).click();
  // The story opens beside the list; its labels and rating are edited there.
  await adminPage
    .locator('.admin-story', { hasText: opening.slice(0, 40) })
    .getByRole('button', { name: /^Details of / })
    .click();
  const adminCard = adminPage.locator('dialog.side-panel');
  await expect(adminCard).toContainText('Rating: Explicit');

  await adminCard.getByRole('button', { name: /^Change the rating/ }).click();
  await adminCard.getByLabel('General', { exact: true }).check();
  await adminCard.getByRole('button', { name: 'Save rating' }).click();
  await expect(adminCard.getByText('Please state the reason for this decision')).toBeVisible();
  await adminCard.getByLabel(/^Reason/).fill('Nothing explicit is shown');
  await adminCard.getByRole('button', { name: 'Save rating' }).click();
  await expect(adminCard).toContainText('Rating: General');
  await expectNoSeriousViolations(adminPage, 'admin panel with ratings', { waitForNetworkIdle: false });
  await admin.close();

  const visitor = await browser.newContext({ baseURL: baseURL!, viewport: VIEWPORTS[0] });
  const page = await visitor.newPage();
  await page.goto('/');
  const card = page.locator('.story-card', { hasText: opening.slice(0, 30) });
  await expect(card.getByTestId('story-rating')).toHaveText('General');
  await visitor.close();
});

test("a reader's profile filters the stories by rating", async ({ browser, baseURL, api }) => {
  const stamp = Date.now().toString(36);
  const explicit = `Explicit ${stamp}: candlelight on bare shoulders.`;
  const general = `General ${stamp}: a picnic by the lake.`;
  await api.publishStory({ texts: [explicit, 'Later.'], rating: 'explicit' });
  await api.publishStory({ texts: [general, 'Sandwiches.'], rating: 'general' });
  const reader = await api.createVerifiedUser({ prefix: 'rating-filter' });
  const { context, page } = await signedInContext(browser, reader, {
    baseURL: baseURL!,
    viewport: VIEWPORTS[1],
  });
  await page.goto('/profile');
  await expect(page.locator('.story-card', { hasText: general.slice(0, 25) })).toBeVisible();
  const filter = page.getByRole('group', { name: 'Filter by rating' });
  await filter.getByRole('button', { name: 'Explicit', exact: true }).click();
  await expect(page.locator('.story-card', { hasText: explicit.slice(0, 25) })).toBeVisible();
  await expect(page.locator('.story-card', { hasText: general.slice(0, 25) })).toHaveCount(0);
  for (const rating of await page.getByTestId('story-rating').allTextContents())
    expect(rating).toBe('Explicit');
  await filter.getByRole('button', { name: 'Every rating', exact: true }).click();
  await expect(page.locator('.story-card', { hasText: general.slice(0, 25) })).toBeVisible();
  await context.close();
});
