import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signedInContext } from './support/members';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { openStoriesTab, openStoryForm } from './support/staff';

/**
 * Tags and content warnings end to end: the admin adds a tag and publishes a story
 * with it and a warning through the panel's form; a visitor's card shows the tag and the warning
 * marker; opening the story shows the warning before its first slide (Back returns, Continue
 * reads); the landing's tag filter shows only the tagged stories. At a phone's and a desktop's
 * size, with no serious axe violation.
 */

const png = (hue: number) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: `hsl(${hue}, 45%, 35%)` } })
    .png()
    .toBuffer();

test('the admin tags a warned story; its card, warning screen and the tag filter', async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  test.setTimeout(120_000);
  const tag = `moonlit-${Date.now().toString(36)}`;
  // Its start is this test's alone: cards are found by their first words, and other specs publish too.
  const opening = `${tag} harbour: the lighthouse keeper counted ships.`;
  const untagged = `A quiet story without that tag ${Date.now()}.`;
  await api.publishStory({ texts: [untagged, 'Nothing more.'] });

  // The admin: add the tag, then publish a story with it and a warning from the panel's form.
  const admin = await browser.newContext({ baseURL: baseURL!, viewport: VIEWPORTS[1] });
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin_panel');
  await adminPage.getByLabel('Admin password').fill(nocturne.adminPassword);
  await adminPage.getByRole('button', { name: 'Access Admin Panel' }).click();
  await openStoriesTab(adminPage);
  await adminPage.getByRole('button', { name: 'Manage tags' }).click();
  await adminPage.getByLabel('New tag').fill(tag.toUpperCase());
  await adminPage.getByRole('button', { name: 'Add tag' }).click();
  const curated = adminPage.getByRole('list', { name: 'Curated tags' });
  await expect(curated.getByText(tag, { exact: true })).toBeVisible();
  await adminPage.getByLabel('New tag').fill(tag);
  await adminPage.getByRole('button', { name: 'Add tag' }).click();
  await expect(adminPage.getByText(`The tag "${tag}" is in the list already.`)).toBeVisible();
  await expectNoSeriousViolations(adminPage, 'admin panel with tags', { waitForNetworkIdle: false });

  await openStoryForm(adminPage);
  const create = adminPage.locator('.admin-create');
  await create
    .getByLabel('Image for slide 1')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png(200) });
  await create.getByLabel('Text for slide 1').fill(opening);
  await create
    .getByLabel('Image for slide 2')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await png(20) });
  await create.getByLabel('Text for slide 2').fill('The light went out.');
  await create.getByLabel(tag, { exact: true }).check();
  await create.getByLabel('Violence', { exact: true }).check();
  await create.getByRole('button', { name: 'Create Story' }).click();
  // The story opens beside the list; its labels and rating are edited there.
  await adminPage
    .locator('.admin-story', { hasText: opening.slice(0, 40) })
    .getByRole('button', { name: /^Details of / })
    .click();
  const adminCard = adminPage.locator('dialog.side-panel');
  await expect(adminCard).toContainText(`Tags: ${tag}`);
  await expect(adminCard).toContainText('Warnings: Violence');

  // The admin edits a published story's labels (a new event), and puts them back.
  await adminCard.getByRole('button', { name: /^Edit labels/ }).click();
  await adminCard.getByLabel('Abuse', { exact: true }).check();
  await adminCard.getByRole('button', { name: 'Save labels' }).click();
  await expect(adminCard).toContainText('Warnings: Violence, Abuse');
  await adminCard.getByRole('button', { name: /^Edit labels/ }).click();
  await adminCard.getByLabel('Abuse', { exact: true }).uncheck();
  await adminCard.getByRole('button', { name: 'Save labels' }).click();
  await expect(adminCard).toContainText('Warnings: Violence');
  await expect(adminCard).not.toContainText('Abuse');
  await admin.close();

  for (const viewport of VIEWPORTS) {
    const visitor = await browser.newContext({ baseURL: baseURL!, viewport });
    const page = await visitor.newPage();
    const size = `${viewport.width}x${viewport.height}`;
    await page.goto('/');

    // The card: its tag and the warning marker with the warnings named.
    const card = page.locator('.story-card', { hasText: opening.slice(0, 30) });
    await expect(card.getByRole('list', { name: 'Tags' })).toContainText(tag);
    await expect(card.getByRole('img', { name: 'Content warnings: Violence' })).toBeVisible();

    // The filter: only the tagged story; All brings the others back.
    const filter = page.getByRole('group', { name: 'Filter by tag' });
    await filter.getByRole('button', { name: tag, exact: true }).click();
    await expect(filter.getByRole('button', { name: tag, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('.story-card')).toHaveCount(1);
    await expect(card).toBeVisible();
    await expect(page.getByText(untagged)).toHaveCount(0);
    await expectFitsWidth(page, `landing filtered by tag at ${size}`);
    await expectNoSeriousViolations(page, `landing filtered by tag at ${size}`, {
      waitForNetworkIdle: false,
    });
    await filter.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.locator('.story-card', { hasText: untagged.slice(0, 30) })).toBeVisible();

    // The warning screen before the first slide: Back returns, Continue reads.
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Content warning' })).toBeVisible();
    await expect(page.getByText('Violence')).toBeVisible();
    await expect(page.getByText(opening)).toHaveCount(0);
    await expectFitsWidth(page, `warning screen at ${size}`);
    await expectNoSeriousViolations(page, `warning screen at ${size}`, { waitForNetworkIdle: false });
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page
      .locator('.story-card', { hasText: opening.slice(0, 30) })
      .getByRole('link')
      .click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(opening)).toBeVisible();
    await expect(page.getByText('1/2', { exact: true })).toBeVisible();
    await visitor.close();
  }
});

test('a reader hides stories with a warning from their lists, remembered for the account', async ({
  browser,
  baseURL,
  api,
}) => {
  const warned = `The cellar door was never meant to open ${Date.now()}.`;
  const calm = `A calm morning by the river ${Date.now()}.`;
  await api.publishStory({ texts: [warned, 'Red on the stairs.'], warnings: ['gore'] });
  await api.publishStory({ texts: [calm, 'Nothing else happened.'] });
  const reader = await api.createVerifiedUser({ prefix: 'hider' });

  const { context, page } = await signedInContext(browser, reader, {
    baseURL: baseURL!,
    viewport: VIEWPORTS[0],
  });
  await page.goto('/profile');
  await expect(page.locator('.story-card', { hasText: warned.slice(0, 30) })).toBeVisible();

  const preferences = page.getByRole('region', { name: 'Content preferences' });
  await preferences.getByLabel('Horror and gore').check();
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(preferences.getByText('Saved.')).toBeVisible();
  await expect(page.locator('.story-card', { hasText: warned.slice(0, 30) })).toHaveCount(0);
  await expect(page.locator('.story-card', { hasText: calm.slice(0, 30) })).toBeVisible();
  await expectNoSeriousViolations(page, 'profile with content preferences', { waitForNetworkIdle: false });

  // Remembered: a reload (or another device) keeps the choice and the list without the story.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Content preferences' }).getByLabel('Horror and gore'),
  ).toBeChecked();
  await expect(page.locator('.story-card', { hasText: calm.slice(0, 30) })).toBeVisible();
  await expect(page.locator('.story-card', { hasText: warned.slice(0, 30) })).toHaveCount(0);
  await context.close();
});
