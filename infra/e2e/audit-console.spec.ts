import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminToken, createVerifiedUser, setPremium } from '@nocturne/test-kit/api-client';
import { type ApiStaff, createStaffMember, enrolStaffMember } from '@nocturne/test-kit/staff-api-client';
import { expect, type Page, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { staffSignIn } from './support/staff';

/**
 * The auditor's console in the browser, signed in as an auditor (password and a code from the
 * authenticator, here a recovery code: a TOTP code opens one session per 30 s): an account's
 * timeline, its state before and after a grant, the CSV export, and the event browser with an
 * event's sealed personal fields and the events of its correlation id; at a phone's and a
 * desktop's size, with axe. The auditor lands on the console; rows after the as-of instant are
 * set apart and left out of the exports, which name the day they are read as of (last month's
 * export of a new account holds its header alone).
 */
const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

let sys: E2eSystem;
let auditor: Omit<ApiStaff, 'token'>;
let buyer: { email: string; account: string };
/** Between the purchase and the grant, as the browser's datetime-local control takes it (UTC). */
let beforeGrant: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  sys = await startE2eSystem();
  const owner = await adminToken(sys.baseURL, sys.adminPassword);
  const admin = await createStaffMember(sys.baseURL, owner, 'admin');
  auditor = await enrolStaffMember(sys.baseURL, owner, 'auditor');
  const user = await createVerifiedUser(sys.baseURL, { prefix: 'audited' });
  // The auditor reads no addresses: the console finds the buyer by the account id the owner sees.
  const timeline = await fetch(
    `${sys.baseURL}/api/admin/audit/timeline?email=${encodeURIComponent(user.email)}`,
    { headers: { 'X-Admin-Code': owner } },
  );
  buyer = { email: user.email, account: ((await timeline.json()) as { account: string }).account };
  const confirmed = await fetch(`${sys.baseURL}/api/payment/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ amount: 10, transaction_id: 'E2E-TX-5', payment_method: 'paypal' }),
  });
  expect(confirmed.status).toBe(200);
  // datetime-local shows seconds at most: the grant comes at least a second after this instant.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  beforeGrant = new Date().toISOString().slice(0, 19);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await setPremium(sys.baseURL, admin.token, user.email, true);
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

async function auditorSignIn(page: Page) {
  await page.goto('/admin_panel');
  await staffSignIn(page, auditor.email, auditor.password, auditor.recoveryCodes.shift()!);
  // An auditor's day starts on the console.
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`the auditor's account timeline and event browser at ${size}`, async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: sys.baseURL,
      viewport,
      timezoneId: 'UTC',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await auditorSignIn(page);

    // The timeline: purchase with its discount, its transaction id and method sealed for the
    // auditor as in the event browser, the grant by the staff admin.
    await page.getByLabel('Account id').fill(buyer.account);
    await page.getByRole('button', { name: 'Show' }).click();
    const rows = page.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(rows.getByRole('listitem')).toHaveCount(4);
    await expect(rows).toContainText('$10, discount $5, via sealed, transaction sealed');
    await expect(page.getByRole('main')).not.toContainText('E2E-TX-5');
    await expect(page.getByRole('main')).not.toContainText(buyer.email);
    await expect(rows).toContainText('+30 premium stories');
    await expect(rows).toContainText('(Admin)');
    await expect(page.getByTestId('audit-premium')).toHaveText('yes');
    await expect(page.getByTestId('audit-remaining')).toHaveText('30');
    await expectFitsWidth(page, `timeline ${size}`);
    await page.screenshot({ path: `${OUT}audit-timeline-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `timeline ${size}`);

    // As of an instant before the grant: not premium yet.
    await page.getByLabel('As of', { exact: true }).fill(beforeGrant);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('audit-premium')).toHaveText('no');
    await expect(page.getByTestId('audit-remaining')).toHaveText('0');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'at,position,event,amount,discount,transaction_id,payment_method,stories,story_id,assurance_method,assurance_provider,assured_until,by,staff_id',
    );
    expect(csv).toContain(',PaymentConfirmationSubmitted,10,5,sealed,sealed,');
    expect(csv).not.toContain('E2E-TX-5');
    // The grant came after that instant: set apart on the screen, left out of the export.
    await expect(page.getByTestId('audit-later-note')).toContainText('1 later event');
    await expect(rows.locator('.audit-row--later')).toContainText('Premium granted');
    expect(csv).not.toContain('PremiumGranted');

    // As of last month: the account did not exist yet; the export says which day it is read as of.
    const lastMonth = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await page.getByLabel('As of', { exact: true }).fill(lastMonth.toISOString().slice(0, 19));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('audit-premium')).toHaveText('no');
    await expect(page.getByTestId('audit-later-note')).toContainText('4 later events');
    await expectFitsWidth(page, `timeline as of last month ${size}`);
    await expectNoSeriousViolations(page, `timeline as of last month ${size}`);
    await page.screenshot({ path: `${OUT}audit-timeline-last-month-${size}.png`, fullPage: true });
    const monthAgo = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const old = await monthAgo;
    expect(old.suggestedFilename()).toBe(
      `timeline-${buyer.account}-as-of-${lastMonth.toISOString().slice(0, 10)}.csv`,
    );
    expect(
      readFileSync((await old.path())!, 'utf8')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);

    // The event browser: the registrations, one opened, its address sealed; then its correlation.
    await page.getByRole('tab', { name: 'Event browser' }).click();
    await page.getByLabel('Event types').fill('UserRegistered');
    await page.getByRole('button', { name: 'Filter the log' }).click();
    const events = page.getByRole('list', { name: 'The log, newest first' });
    await events.getByRole('button').first().click();
    const detail = page.getByTestId('audit-event');
    await expect(detail).toContainText('UserRegistered');
    await expect(page.getByTestId('audit-event-data')).toContainText('"email": "sealed"');
    await expect(page.getByTestId('audit-event-data')).not.toContainText('@');
    await expectFitsWidth(page, `event browser ${size}`);
    await page.screenshot({ path: `${OUT}audit-events-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `event browser ${size}`);

    await detail.getByRole('button').first().click();
    await expect(page.getByTestId('audit-correlation').getByRole('listitem').first()).toContainText(
      'UserRegistered',
    );
    await expectNoSeriousViolations(page, `correlation ${size}`);
    await context.close();
  });
}
