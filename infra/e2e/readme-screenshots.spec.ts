import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CreatedDemo, createDemoLibrary } from '@nocturne/infra/demo/create-demo';
import { adminToken, logIn } from '@nocturne/test-kit/api-client';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { signedInContext } from './support/members';
import {
  expectBadgesClearOfControls,
  expectFitsWidth,
  expectNoSeriousViolations,
  expectShortLabelsWhole,
} from './support/screen-checks';
import { staffSignIn } from './support/staff';

/**
 * The console as the README shows it: the demo library that `npm start` makes on a first start,
 * seen by its owner, its moderator, its auditor and its creator, at a laptop's 1440 px and a
 * phone's 390 px. Every screen fits its width, passes axe and keeps its labels and badges clear.
 * With SCREENSHOTS set (`SCREENSHOTS=docs/screenshots`, a folder from the repository's root) each
 * screen's picture is also saved there, as it shows in the window, in 256 colours to stay small.
 */

const SAVE_TO = process.env.SCREENSHOTS ? resolve(process.cwd(), process.env.SCREENSHOTS) : null;
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let sys: E2eSystem;
let demo: CreatedDemo;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sys = await startE2eSystem();
  demo = await createDemoLibrary(sys.config, sys.system.infra);
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

/**
 * Waits for the page's images, checks the screen, and saves its picture when asked to (a screen
 * the README does not show, `inReadme: false`, is checked and attached to the report only).
 */
async function screen(page: Page, name: string, { inReadme = true } = {}) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((img) => !img.complete)
        .map((img) => new Promise((done) => img.addEventListener('load', done, { once: true }))),
    ),
  );
  // After a resize (1440 to 390 px) a chart's picture takes its new width a moment later (its
  // ResizeObserver, then a render): what must fit is the settled screen.
  await expect(async () => expectFitsWidth(page, name)).toPass({ timeout: 5_000 });
  await expectNoSeriousViolations(page, name, { waitForNetworkIdle: false });
  await expectShortLabelsWhole(page.locator('main'), name);
  await expectBadgesClearOfControls(page.locator('main'), name);
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await test.info().attach(name, { body: shot, contentType: 'image/png' });
  if (SAVE_TO && inReadme) {
    mkdirSync(SAVE_TO, { recursive: true });
    const small = await sharp(shot)
      .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
      .toBuffer();
    writeFileSync(resolve(SAVE_TO, `${name}.png`), small);
  }
}

async function openPage(browser: Browser, viewport: typeof LAPTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: sys.baseURL, viewport, timezoneId: 'UTC' });
  return context.newPage();
}

async function ownerSignIn(page: Page) {
  await page.goto('/admin_panel');
  await page.getByLabel('Admin password').fill(sys.adminPassword);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
}

async function staffMemberSignIn(page: Page, role: 'moderator' | 'auditor') {
  const member = demo.staff.find((m) => m.role === role)!;
  await page.goto('/admin_panel');
  await staffSignIn(page, member.email, member.password, await generate({ secret: member.totpSecret }));
}

test("the owner's overview, a member beside the users and a story beside the stories", async ({
  browser,
}) => {
  const page = await openPage(browser, LAPTOP);
  await ownerSignIn(page);
  await expect(page.getByTestId('overview-reports').locator('.overview__value')).toHaveText(/^[1-9]\d*$/);
  await screen(page, 'overview-1440');

  await page.getByRole('tab', { name: /^Users/ }).click();
  const search = page.getByRole('form', { name: 'Find users' });
  await search.getByLabel('Address').fill(demo.reader.email);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Open ${demo.reader.email}` }).click();
  const member = page.getByRole('dialog', { name: demo.reader.email });
  await expect(member.getByRole('heading', { name: 'Premium history' })).toBeVisible();
  await screen(page, 'users-1440');

  await page.getByRole('tab', { name: /^Stories/ }).click();
  const first = page.locator('.admin-story').first();
  await first.getByRole('button', { name: /^Details of / }).click();
  await expect(page.locator('.story-panel')).toBeVisible();
  // The list from its top (the filters, the first cards) beside the open story.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, 'stories-1440');

  await page.keyboard.press('Escape');
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await screen(page, 'overview-390');
});

test("the moderator's queue with a report open", async ({ browser }) => {
  const page = await openPage(browser, LAPTOP);
  await staffMemberSignIn(page, 'moderator');
  await expect(page.getByRole('tab', { name: /^Reports/ })).toHaveAttribute('aria-selected', 'true');
  const first = page.locator('.moderation-queue .moderation-item').first();
  await first.click();
  await expect(page.locator('.report-panel')).toBeVisible();
  await screen(page, 'reports-1440');

  await page.setViewportSize(PHONE);
  await screen(page, 'reports-390');
});

test("the auditor's timeline of an account, as of last month", async ({ browser }) => {
  // The auditor reads no addresses: the owner gives them the account id.
  const owner = await adminToken(sys.baseURL, sys.adminPassword);
  const timeline = await fetch(
    `${sys.baseURL}/api/admin/audit/timeline?email=${encodeURIComponent(demo.reader.email)}`,
    { headers: { 'X-Admin-Code': owner } },
  );
  const { account } = (await timeline.json()) as { account: string };
  const page = await openPage(browser, LAPTOP);
  await staffMemberSignIn(page, 'auditor');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Account id').fill(account);
  const lastMonth = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  await page.getByLabel('As of', { exact: true }).fill(lastMonth.toISOString().slice(0, 19));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('audit-later-note')).toBeVisible();
  await screen(page, 'audit-1440');

  await page.setViewportSize(PHONE);
  await screen(page, 'audit-390', { inReadme: false });
});

test("the creator's studio", async ({ browser }) => {
  const creator = await logIn(sys.baseURL, demo.creator.email, demo.creator.password);
  const { page } = await signedInContext(browser, creator, { baseURL: sys.baseURL, viewport: LAPTOP });
  await page.goto('/studio');
  await expect(page.getByTestId('studio-story').first()).toBeVisible();
  await screen(page, 'studio-1440');

  await page.setViewportSize(PHONE);
  await screen(page, 'studio-390', { inReadme: false });
});
