import { type ApiUser, apiCall, bindApi, expect, type Page, publishStoryAs, test } from './fixtures';
import { creatorNamed, signedIn } from './support/members';
import {
  expectBadgesClearOfControls,
  expectFitsWidth,
  expectInsideViewport,
  expectShortLabelsWhole,
  VIEWPORTS,
} from './support/screen-checks';

/**
 * Cards and overlays that hold together on a phone (390x844) and a laptop (1440x900): every card's
 * footer (icons, counts, reading time) and every short label on one line, none cut off by its
 * card, no badge over a button, and every menu, panel and dialog of the landing, the profile and
 * the reader's end wholly inside the screen. The end of a story names it and its creator and
 * offers what to read next, never a story the reader may not open.
 */

interface Library {
  penName: string;
  reader: ApiUser;
  /** The free story the reader opens, its sibling the end offers, and a premium one it never offers. */
  opened: string;
  openedTitle: string;
  siblingOpening: string;
  premiumOpening: string;
}

let library: Library;

test.beforeAll(async ({ nocturne }) => {
  test.setTimeout(90_000);
  const api = bindApi(nocturne);
  const { creator, penName, handle, stamp } = await creatorNamed(api, nocturne.baseURL, 'Lantern');
  const reader = await api.createVerifiedUser({ prefix: 'overlays' });
  const follow = await apiCall(nocturne.baseURL, 'POST', `/api/creators/${handle}/follow`, {
    token: reader.token,
  });
  expect(follow.status).toBe(200);

  // Published after the follow: each one is a notification in the reader's bell.
  const premiumOpening = `A gilded door ${stamp} opened onto the quiet garden`;
  await publishStoryAs(nocturne.baseURL, creator, {
    texts: [`${premiumOpening} at midnight.`, 'Nobody saw.'],
    isPremium: true,
  });
  await publishStoryAs(nocturne.baseURL, creator, {
    texts: [`The storm ${stamp} broke the windows of the old lighthouse keeper.`, 'He laughed.'],
    warnings: ['violence'],
  });
  const siblingOpening = `The tram ${stamp} ran late through the sleeping city`;
  await publishStoryAs(nocturne.baseURL, creator, {
    texts: [`${siblingOpening} that night.`, 'She smiled.'],
  });
  const openedText = `A letter ${stamp} arrived with no stamp and no name on the envelope at all.`;
  const opened = await publishStoryAs(nocturne.baseURL, creator, {
    texts: [openedText, 'She read it twice.'],
  });
  await nocturne.settle();
  library = {
    penName,
    reader,
    opened: opened.id,
    openedTitle: `${openedText.split(' ').slice(0, 10).join(' ')}...`,
    siblingOpening,
    premiumOpening,
  };
});

/** Opens the menu of each of the first two cards (one per column on a phone): each stays on screen. */
async function checkCardMenus(page: Page, grid: string, what: string) {
  const cards = page.getByRole('list', { name: grid }).getByRole('article');
  for (const index of [0, 1]) {
    const card = cards.nth(index);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'More actions for this story' }).click();
    const menu = page.getByRole('menu', { name: 'Story actions' });
    await expectInsideViewport(menu, `${what}: card ${index + 1}'s menu`);
    await expectShortLabelsWhole(menu, `${what}: card ${index + 1}'s menu`);
    await menu.getByRole('menuitem', { name: 'Report this story' }).click();
    await expectInsideViewport(page.getByRole('dialog'), `${what}: the report dialog`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

/** Each button opens a dialog that stays on screen; Escape closes it. */
async function checkDialogs(
  page: Page,
  open: (name: string) => Promise<void>,
  names: string[],
  what: string,
) {
  for (const name of names) {
    await open(name);
    const dialog = page.getByRole('dialog');
    await expectInsideViewport(dialog, `${what}: the ${name} dialog`);
    await expectShortLabelsWhole(dialog.getByRole('button'), `${what}: the ${name} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`the landing at ${size}: cards on one line, badges clear, every menu and dialog on screen`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Latest stories' }).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expectShortLabelsWhole(cards, `landing cards at ${size}`);
    await expectBadgesClearOfControls(cards, `landing cards at ${size}`);
    await checkCardMenus(page, 'Latest stories', `landing at ${size}`);

    await page.evaluate(() => window.scrollTo(0, 0));
    const phone = viewport.width < 600;
    if (phone) {
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expectInsideViewport(menu, `landing at ${size}: the main menu`);
      await expectShortLabelsWhole(menu, `landing at ${size}: the main menu`);
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    const nav = phone ? 'Main menu' : 'Main';
    await checkDialogs(
      page,
      async (name) => {
        if (phone) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: nav }).getByRole('button', { name, exact: true }).click();
      },
      ['How', 'About Us', 'Contact'],
      `landing at ${size}`,
    );
    await expectFitsWidth(page, `landing at ${size}`);
  });

  test(`the profile at ${size}: cards hold together, the bell, settings and their dialogs on screen`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await signedIn(page, library.reader);
    await page.goto('/profile');
    const cards = page.getByRole('list', { name: 'All stories' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByRole('button', { name: /save/i })).toBeVisible();
    await expectShortLabelsWhole(cards, `profile cards at ${size}`);
    await expectBadgesClearOfControls(cards, `profile cards at ${size}`);
    await checkCardMenus(page, 'All stories', `profile at ${size}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(
      panel.getByRole('link', { name: new RegExp(`${library.penName} published a new story`) }),
    ).toHaveCount(4);
    await expectInsideViewport(panel, `profile at ${size}: the notification panel`);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    await settings.click();
    const menu = page.getByRole('navigation', { name: 'Settings menu' });
    await expectInsideViewport(menu, `profile at ${size}: the settings menu`);
    await expectShortLabelsWhole(menu, `profile at ${size}: the settings menu`);
    await settings.click();
    await checkDialogs(
      page,
      async (name) => {
        await settings.click();
        await menu.getByRole('button', { name, exact: true }).click();
      },
      ['About Us', 'Contact'],
      `profile at ${size}`,
    );
    await page.getByRole('button', { name: 'Generate' }).click();
    await expectInsideViewport(page.getByRole('dialog'), `profile at ${size}: the creation dialog`);
    await expectFitsWidth(page, `profile at ${size}`);
  });

  test(`the end of a story at ${size}: its title, its creator, what to read next, on screen`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await signedIn(page, library.reader);
    await page.goto(`/story/${library.opened}`);
    await expect(page.getByText('1/2', { exact: true })).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(page.getByText('2/2', { exact: true })).toBeVisible();
    await page.keyboard.press('PageDown');
    const end = page.getByRole('region', { name: 'The End' });
    await expect(end.getByRole('heading', { name: 'The End' })).toBeInViewport();
    await expect(end.getByText(library.openedTitle, { exact: true })).toBeVisible();
    await expect(end.getByText(`A story by ${library.penName}`)).toBeVisible();

    // A free reader: the creator's free stories, never the premium one.
    const next = end.getByRole('navigation', { name: 'Read next' }).getByRole('link');
    await expect(next).toHaveCount(3);
    await expect(next.filter({ hasText: library.siblingOpening })).toHaveCount(1);
    await expect(next.filter({ hasText: library.premiumOpening })).toHaveCount(0);
    await expectShortLabelsWhole(end, `the end at ${size}`);
    await expectFitsWidth(page, `the end at ${size}`);

    await next.filter({ hasText: library.siblingOpening }).click();
    await expect(page.getByText('1/2', { exact: true })).toBeVisible();
    await expect(page.getByText(`${library.siblingOpening} that night.`, { exact: true })).toBeInViewport();
  });
}
