import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from './fixtures';
import { signedIn } from './support/members';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  expectShortLabelsWhole,
  VIEWPORTS,
} from './support/screen-checks';
import { sendStoryForm } from './support/story-form';

/**
 * Creators end to end: a member publishes their first story with a pen name through the form,
 * sees it on the card and on /creator/{handle}; a second account follows from the creator's page,
 * the creator publishes, and the follower's bell shows 1 within 10 s and lists the story.
 * The creator's studio from the settings menu. The creator page, the open bell and the studio at
 * 390x844 and 1440x900 with axe.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

async function publishThroughTheForm(page: Page, texts: [string, string], penName?: string) {
  await sendStoryForm(page, texts, penName === undefined ? {} : { penName });
  await expect(page.getByText('Your story has been published')).toBeVisible();
}

test('publish with a pen name, see it on the card and the creator page; a follower is told within 10 s', async ({
  browser,
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).slice(-5);
  const penName = `Night Owl ${stamp}`;
  const handle = `night-owl-${stamp}`;
  const creator = await api.createVerifiedUser({ prefix: 'creator' });
  await signedIn(page, creator);

  // The first publish asks for a pen name; a bad one is refused with the rule.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
  await expect(dialog.getByLabel('Pen name')).toBeVisible();
  await page.keyboard.press('Escape');
  const first = `The lighthouse keeper counted ships ${stamp}.`;
  await publishThroughTheForm(page, [first, 'None came that night.'], penName);

  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: first.split(' ').slice(0, 5).join(' ') });
  await expect(card.getByTestId('story-byline')).toHaveText(`by ${penName}`);

  await page.goto(`/creator/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: penName })).toBeVisible();
  await expect(page.getByRole('list', { name: `Stories by ${penName}` }).getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId('creator-followers')).toHaveText('0 followers');
  // The creator sees no Follow button on their own page.
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  // A second account follows from the creator's page.
  const follower = await api.createVerifiedUser({ prefix: 'follower' });
  const other = await browser.newContext({ viewport: VIEWPORTS[1] });
  const followerPage = await other.newPage();
  await signedIn(followerPage, follower);
  await followerPage.goto(`/creator/${handle}`);
  await followerPage.getByRole('button', { name: `Follow ${penName}` }).click();
  await expect(followerPage.getByRole('button', { name: `Following ${penName}` })).toBeVisible();
  await expect(followerPage.getByTestId('creator-followers')).toHaveText('1 follower');
  await followerPage.goto('/profile');
  await expect(followerPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The creator publishes again: the follower's bell shows 1 within 10 s, without reloading.
  const second = `The ships came back at dawn ${stamp}.`;
  await publishThroughTheForm(page, [second, 'All of them.']);
  const published = Date.now();
  await expect(followerPage.getByTestId('bell-count')).toHaveText('1', { timeout: 10_000 });
  expect(Date.now() - published).toBeLessThan(10_000);
  await followerPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = followerPage.getByRole('region', { name: 'Notifications' });
  await expect(
    list.getByRole('link', { name: new RegExp(`${penName} published a new story`) }),
  ).toBeVisible();
  await expect(followerPage.getByTestId('bell-count')).toHaveCount(0);

  // The Following shelf holds the creator's stories.
  await followerPage.keyboard.press('Escape');
  await followerPage.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(followerPage.getByText(second.split(' ').slice(0, 5).join(' '))).toBeVisible();

  for (const viewport of VIEWPORTS) {
    await followerPage.setViewportSize(viewport);
    await followerPage.goto(`/creator/${handle}`);
    await expect(followerPage.getByRole('heading', { level: 1, name: penName })).toBeVisible();
    await expect(followerPage.getByRole('article').first()).toBeVisible();
    await expectNoSeriousViolations(followerPage, `creator page at ${viewport.width}`, {
      waitForNetworkIdle: false,
    });
    await expectShortLabelsWhole(followerPage.locator('main'), `creator page at ${viewport.width}`);
    await followerPage.screenshot({ path: `${OUT}creator-${viewport.width}.png` });
    await followerPage.goto('/profile');
    await followerPage.getByRole('button', { name: /^Notifications/ }).click();
    await expect(followerPage.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await expectNoSeriousViolations(followerPage, `notifications at ${viewport.width}`, {
      waitForNetworkIdle: false,
    });
    await followerPage.screenshot({ path: `${OUT}notifications-${viewport.width}.png` });
  }
  await other.close();

  // The creator's studio, from the settings menu: both stories, with the follower's reading.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Studio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
  await expect(page.getByTestId('studio-story')).toHaveCount(2);
  // A new story starts from the studio too.
  await page.getByRole('button', { name: 'New story' }).click();
  const newStory = page.getByRole('dialog', { name: 'Create a New Story' });
  await expect(newStory.getByRole('button', { name: 'Save as draft' })).toBeVisible();
  await newStory.getByRole('button', { name: 'Close' }).click();
  await expect(newStory).toBeHidden();
  await expect(page.getByTestId('studio-daily').locator('tbody tr')).toHaveCount(30);
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByTestId('studio-daily').locator('tbody tr')).toHaveCount(90);
  // The pen name changes there, as an event: the stories show the new one.
  await page.getByLabel('New pen name').fill('x');
  await page.getByRole('button', { name: 'Change pen name' }).click();
  await expect(page.getByText('A pen name has 2 to 30 characters.')).toBeVisible();
  const renamed = `Lark ${stamp}`;
  await page.getByLabel('New pen name').fill(renamed);
  await page.getByRole('button', { name: 'Change pen name' }).click();
  await expect(page.getByTestId('current-pen-name')).toHaveText(renamed);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `studio at ${viewport.width}`, { waitForNetworkIdle: false });
    await expectFitsWidth(page, `studio at ${viewport.width}`);
    await expectShortLabelsWhole(page.locator('main'), `studio at ${viewport.width}`);
    await page.screenshot({ path: `${OUT}studio-${viewport.width}.png`, fullPage: true });
  }
  await page.goto(`/creator/lark-${stamp}`);
  await expect(page.getByRole('article').first().getByTestId('story-byline')).toHaveText(`by ${renamed}`);
});
