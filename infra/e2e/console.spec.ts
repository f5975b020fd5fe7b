import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiCall, expect, test } from './fixtures';
import {
  expectBadgesClearOfControls,
  expectFitsWidth,
  expectNoSeriousViolations,
  expectShortLabelsWhole,
  VIEWPORTS,
} from './support/screen-checks';

/**
 * The owner's day in the admin panel at a phone's and a laptop's width: the day starts on the
 * overview (today's figures, each leading to its tab); the stories' list comes
 * before the creation form (behind its button), the tab bar keeps its
 * height on a short tab, the chosen tab lives in the URL (Back returns to the last one), and the
 * owner finds a member by part of the address, opens them beside the list (the URL keeps them)
 * and grants premium from their panel, asked first and told after. Each
 * screen passes axe and the screen checks; its screenshot goes to the test report.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/** Each screen in the test report, and in artifacts/screenshots for the README's pictures. */
async function snap(page: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  const body = await page.screenshot({
    fullPage: true,
    path: `${OUT}console-${name.replaceAll(/[^a-z0-9]+/gi, '-')}.png`,
  });
  await test.info().attach(name, { body, contentType: 'image/png' });
}

async function checkScreen(page: Page, what: string) {
  await expectNoSeriousViolations(page, what);
  await expectFitsWidth(page, what);
  await expectShortLabelsWhole(page.locator('main'), what);
  await expectBadgesClearOfControls(page.locator('main'), what);
  await snap(page, what);
}

for (const viewport of VIEWPORTS) {
  test(`the owner finds a member by address and grants premium at ${viewport.width} px`, async ({
    page,
    api,
    nocturne,
  }) => {
    await page.setViewportSize(viewport);
    const member = await api.createVerifiedUser({ prefix: `find${viewport.width}` });
    await api.createVerifiedUser({ prefix: `other${viewport.width}` });
    const story = await api.publishStory({
      texts: [`A lantern in the fog ${viewport.width}.`, 'And the harbour bell rang.'],
    });
    const hiddenStory = await api.publishStory({
      texts: [`A story hidden at ${viewport.width}.`, 'Its second slide.'],
    });
    const hide = await apiCall(nocturne.baseURL, 'POST', `/api/admin/stories/${hiddenStory.id}/hide`, {
      admin: await api.adminToken(),
      body: { reason: `Spam, hidden at ${viewport.width}` },
    });
    expect(hide.status).toBe(200);
    await nocturne.settle();
    page.on('dialog', (dialog) => void dialog.accept());

    await page.goto('/admin_panel');
    await page.getByLabel('Admin password').fill(nocturne.adminPassword);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // The owner starts on the overview: today's sign-ups, purchases, open reports and the log.
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const signups = page.getByTestId('overview-signups');
    await expect(signups.locator('.overview__value')).toHaveText(/^[1-9]\d*\+?$/);
    await expect(page.getByTestId('overview-purchases')).toContainText(/None yet|\$/);
    await expect(page.getByTestId('overview-reports').locator('.overview__value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('overview-log')).toContainText(/Not verified yet|Intact|Verifying/);
    await checkScreen(page, `overview at ${viewport.width}`);
    // Each card leads to its work: the log's to the auditor's console, on its integrity section.
    await page.getByTestId('overview-log').getByRole('button', { name: 'Log integrity' }).click();
    await expect(page.getByRole('tab', { name: 'Log integrity' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    // The stories: the list first, the creation form behind its button.
    await page.getByRole('tab', { name: /^Stories/ }).click();
    await expect(page.locator(`[data-story-id="${story.id}"]`).first()).toBeVisible();
    const create = page.getByRole('button', { name: 'Create New Story' });
    await expect(create).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { name: 'Create New Story' })).toHaveCount(0);
    await create.click();
    await expect(page.getByRole('heading', { name: 'Create New Story' })).toBeVisible();
    await checkScreen(page, `stories tab at ${viewport.width}`);
    await create.click();

    // A card names the story and its creator; the id is a click away; Details opens it beside the list.
    const title = `A lantern in the fog ${viewport.width}.`;
    const card = page.locator(`.admin-story[data-story-id="${story.id}"]`);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card).toContainText('by ');
    await expect(card).not.toContainText(story.id);
    await card.getByRole('button', { name: `Details of ${title}` }).click();
    await expect(page).toHaveURL(/[?&]story=/);
    const storyPanel = page.getByRole('dialog', { name: title });
    await expect(storyPanel.getByText('Slide 2')).toBeVisible();
    await expect(storyPanel.getByText(story.id)).toBeVisible();
    await checkScreen(page, `story's panel at ${viewport.width}`);
    await page.goBack();
    await expect(storyPanel).toBeHidden();

    // Filters by creator and rating narrow on the server; Back undoes them.
    const filter = page.getByRole('form', { name: 'Filter stories' });
    await filter.getByLabel('Creator').fill('nobody-writes-here');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No stories match these filters.')).toBeVisible();
    await expect(page).toHaveURL(/[?&]creator=nobody-writes-here/);
    await page.goBack();
    await expect(card).toBeVisible();
    // By state: the stories a moderator hid instead, each with the statement of its hide.
    const hiddenCard = page.locator(`.admin-story[data-story-id="${hiddenStory.id}"]`);
    await expect(hiddenCard).toHaveCount(0);
    await filter.getByLabel('State').selectOption('hidden');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/[?&]state=hidden/);
    await expect(hiddenCard).toContainText(`Hidden Spam, hidden at ${viewport.width}`);
    await expect(card).toHaveCount(0);
    await checkScreen(page, `hidden stories at ${viewport.width}`);
    await page.goBack();
    await expect(card).toBeVisible();

    // A short tab: the bar keeps the height of its tabs instead of stretching down the page.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await expect(page).toHaveURL(/[?&]tab=staff/);
    const bar = await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox();
    const tab = await page.getByRole('tab', { name: 'Staff' }).boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(tab!.height * (viewport.width < 600 ? 2 : 1) + 24);
    await checkScreen(page, `staff tab at ${viewport.width}`);

    await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/[?&]tab=users/);
    const search = page.getByRole('form', { name: 'Find users' });
    await search.getByLabel('Address').fill(member.email.slice(0, -4).toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-email', member.email);
    await expect(page).toHaveURL(/[?&]q=/);
    await checkScreen(page, `users found at ${viewport.width}`);
    // The whole address on one line at either width: never broken a character a line.
    const address = rows.first().locator('.data-table__email button');
    const lines = await address.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(viewport.width < 600 ? 2 : 1);

    // The member opens beside the list; the URL keeps them; Grant Premium is asked, then told.
    await rows
      .first()
      .getByRole('button', { name: `Open ${member.email}` })
      .click();
    await expect(page).toHaveURL(/[?&]user=/);
    const panel = page.getByRole('dialog', { name: member.email });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Premium history' })).toBeVisible();
    await expect(panel.getByText('No purchases or grants yet.')).toBeVisible();
    await checkScreen(page, `member's panel at ${viewport.width}`);
    if (viewport.width >= 1200) {
      // On a laptop the list stays in view beside the panel, not under it.
      const table = await page.getByRole('table', { name: 'Users' }).boundingBox();
      const drawer = await panel.boundingBox();
      expect(table!.x + table!.width).toBeLessThanOrEqual(drawer!.x);
      await expect(rows.first().getByRole('button', { name: 'Grant Premium' })).toBeInViewport();
    }
    await panel.getByRole('button', { name: 'Grant Premium' }).click();
    const confirm = page.getByRole('dialog', { name: 'Grant Premium?' });
    await expect(confirm).toContainText(member.email);
    await checkScreen(page, `grant confirmation at ${viewport.width}`);
    await confirm.getByRole('button', { name: 'Grant Premium' }).click();
    await expect(page.getByText('User subscription enabled successfully!')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Remove Premium' })).toBeVisible();
    await expect(panel.getByText('Premium granted')).toBeVisible();
    await expect(rows.first()).toContainText('Premium');
    await expect(rows.first().getByRole('button', { name: 'Remove Premium' })).toBeVisible();
    // A link to the member opens them again; Back closes the panel.
    const link = page.url();
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]user=/);
    await expect(panel).toBeHidden();
    await page.goto(link);
    await expect(page.getByRole('dialog', { name: member.email })).toBeVisible();
    await page.goBack();

    // Filters narrow on the server: premium members only, then the search undone with Back.
    await search.getByLabel('Premium').selectOption('premium');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    await page.goBack();
    await expect(page).not.toHaveURL(/premium=/);
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(
      page.getByRole('table', { name: 'Users' }).locator(`tr[data-email="${member.email}"]`),
    ).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page.getByRole('tab', { name: /^Stories/ })).toHaveAttribute('aria-selected', 'true');
  });
}
