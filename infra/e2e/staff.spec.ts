import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { uniqueEmail } from '@nocturne/test-kit/api-client';
import { createStaffMember, enrolStaffMember } from '@nocturne/test-kit/staff-api-client';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { staffSignIn } from './support/staff';
import { publishSampleStory, SAMPLE_STORIES } from './support/web-data';

/**
 * Staff accounts in the browser: the owner invites a moderator, who follows the mailed link,
 * sets a password, enrols an authenticator (codes computed from the secret shown), signs in,
 * removes a reported story by a decision with a reason (a moderator has no plain delete), is
 * removed by the owner and is signed out at the next request. The owner resets a member's second
 * factor, and the member enrols a new authenticator through the mailed link. Then the panel's
 * screens at a phone's and a desktop's size, with axe.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

let sys: E2eSystem;
const storyIds: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  sys = await startE2eSystem();
  for (const [index, story] of SAMPLE_STORIES.slice(0, 2).entries())
    storyIds.push(await publishSampleStory(sys.baseURL, sys.adminPassword, story, index));
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

async function ownerSignIn(page: Page) {
  await page.goto('/admin_panel');
  await page.getByLabel('Admin password').fill(sys.adminPassword);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('tab', { name: 'Staff' })).toBeVisible();
}

test('a staff member is invited, enrols, signs in, acts, and is signed out once removed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reported = await fetch(`${sys.baseURL}/api/stories/${storyIds[0]}/reports`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'copyright', email: uniqueEmail('reporter') }),
  });
  expect(reported.status).toBe(201);
  const owner = await (await browser.newContext({ baseURL: sys.baseURL })).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  await ownerSignIn(owner);
  await owner.getByRole('tab', { name: 'Staff' }).click();
  const email = uniqueEmail('moderator');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption('moderator');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = owner.locator('tr', { hasText: email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Not enrolled yet');

  // The invitation, as the relay delivered it.
  const mail = await sys.mailbox.waitFor(email, { subject: 'Your invitation to the Nocturne team' });
  const link = mail.links.find((l) => l.includes('invitation='));
  expect(link).toBeDefined();

  const staff = await (await browser.newContext({ baseURL: sys.baseURL })).newPage();
  staff.on('dialog', (dialog) => void dialog.accept());
  await staff.goto(link!);
  await expect(staff.getByText(`${email} is invited as Moderator.`)).toBeVisible();
  const password = 'moonlit-staff-password-7';
  await staff.getByLabel('New password').fill(password);
  await staff.getByLabel('Confirm password').fill(password);
  await staff.getByRole('button', { name: 'Set password' }).click();
  const secret = (await staff.getByTestId('totp-secret').textContent())!.trim();
  await staff.getByLabel('Code from the app').fill(await generate({ secret }));
  await staff.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(staff.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await staff.getByRole('button', { name: 'I have saved them, sign in' }).click();

  // The gate: e-mail, password and the code of the moment.
  await expect(staff.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await staffSignIn(staff, email, password, await generate({ secret }));
  await expect(staff.getByText('Moderator', { exact: true })).toBeVisible();
  // A moderator's panel: the stories, without publishing, tags, users or staff.
  await expect(staff.getByRole('tab', { name: /Stories/ })).toBeVisible();
  await expect(staff.getByRole('tab', { name: /Users/ })).toHaveCount(0);
  await expect(staff.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  await expect(staff.getByRole('heading', { name: 'Create New Story' })).toHaveCount(0);

  // A moderator's day starts on the queue.
  await expect(staff.getByRole('tab', { name: /^Reports/ })).toHaveAttribute('aria-selected', 'true');
  // Acting: no plain Delete for a moderator; they remove a reported story by a decision with a reason.
  await staff.getByRole('tab', { name: /Stories/ }).click();
  const card = staff.locator(`[data-story-id="${storyIds[0]}"]`).first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await staff.getByRole('tab', { name: /^Reports/ }).click();
  const item = staff.locator(`.moderation-item[data-story-id="${storyIds[0]}"]`);
  await item.getByRole('button').click();
  await staff.locator('dialog.side-panel').getByRole('button', { name: 'Delete' }).click();
  const decision = staff.getByRole('dialog', { name: 'Delete this story?' });
  await decision.getByLabel(/^Reason for the decision/).fill('Copied from a published book.');
  await decision.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);

  // The owner's list shows the login and the enrolled factor; then the owner removes the member.
  await owner.reload();
  await owner.getByRole('tab', { name: 'Staff' }).click();
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Enrolled (10 recovery codes left)');
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toContainText('Removed');

  // The member's next request is refused: back at the gate.
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(staff.getByRole('tab', { name: /Stories/ })).toHaveCount(0);
});

test("the owner resets a member's second factor; the mailed link enrols a new authenticator", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Given an enrolled auditor, signed in
  const member = await createStaffMember(sys.baseURL, sys.adminPassword, 'auditor');
  const staff = await (await browser.newContext({ baseURL: sys.baseURL })).newPage();
  await staff.goto('/admin_panel');
  await staffSignIn(staff, member.email, member.password, member.recoveryCodes.shift()!);
  await expect(staff.getByText('Auditor', { exact: true })).toBeVisible();

  // When the owner resets their second factor in the Staff tab
  const owner = await (await browser.newContext({ baseURL: sys.baseURL })).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  await ownerSignIn(owner);
  await owner.getByRole('tab', { name: 'Staff' }).click();
  const row = owner.locator('tr', { hasText: member.email });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(
    owner.getByText(`Second factor reset: a link to enrol again was sent to ${member.email}.`),
  ).toBeVisible();
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Not enrolled yet (password set)');

  // Then their session has ended
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();

  // and the mailed link goes straight to a new authenticator (the password stays)
  const mail = await sys.mailbox.waitFor(member.email, { subject: 'Set up your authenticator app again' });
  const link = mail.links.find((l) => l.includes('invitation='));
  expect(link).toBeDefined();
  await staff.goto(link!);
  const secret = (await staff.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).not.toBe(member.totpSecret);
  await staff.getByLabel('Code from the app').fill(await generate({ secret }));
  await staff.getByRole('button', { name: 'Confirm and finish' }).click();
  const codes = staff.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await staff.getByRole('button', { name: 'I have saved them, sign in' }).click();
  await staffSignIn(staff, member.email, member.password, recovery);
  await expect(staff.getByText('Auditor', { exact: true })).toBeVisible();
});

test('the gate is a compact card, and the panel screens pass axe at 390x844 and 1440x900', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // An auditor and a fresh invitation to look at.
  const ownerToken = (
    (await (
      await fetch(`${sys.baseURL}/api/admin/validate`, {
        method: 'POST',
        headers: { 'X-Admin-Code': sys.adminPassword },
      })
    ).json()) as { token: string }
  ).token;
  const auditor = await createStaffMember(sys.baseURL, ownerToken, 'auditor');
  const invited = await fetch(`${sys.baseURL}/api/admin/staff`, {
    method: 'POST',
    headers: { 'X-Admin-Code': ownerToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('invited'), role: 'admin' }),
  });
  const { invitation_token } = (await invited.json()) as { invitation_token: string };
  await enrolStaffMember(sys.baseURL, ownerToken, 'moderator');

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const page = await (await browser.newContext({ baseURL: sys.baseURL, viewport })).newPage();

    await page.goto('/admin_panel');
    const card = page.locator('.auth-panel');
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Access Admin Panel' }).boundingBox())!;
    // The card holds its form, not the viewport; its button is a button's height.
    expect(box.height, `gate card at ${size}`).toBeLessThan(viewport.height * 0.6);
    expect(button.height, `gate button at ${size}`).toBeLessThan(60);
    await expectFitsWidth(page, `admin-gate ${size}`);
    await page.screenshot({ path: `${OUT}admin-gate-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `gate ${size}`);
    await page.getByRole('button', { name: 'Staff member? Sign in with your e-mail' }).click();
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await expectFitsWidth(page, `admin-staff-sign-in ${size}`);
    await page.screenshot({ path: `${OUT}admin-staff-sign-in-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `staff sign-in ${size}`);

    await page.goto(`/admin_panel?invitation=${encodeURIComponent(invitation_token)}`);
    await expect(page.getByLabel('New password')).toBeVisible();
    await expectFitsWidth(page, `admin-invitation ${size}`);
    await page.screenshot({ path: `${OUT}admin-invitation-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `invitation ${size}`);

    await page.goto('/admin_panel');
    await page.getByLabel('Admin password').fill(sys.adminPassword);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByRole('tab', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: /^Staff \(/ })).toBeVisible();
    await expectFitsWidth(page, `admin-staff ${size}`);
    await page.screenshot({ path: `${OUT}admin-staff-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `owner's staff tab ${size}`);
    await page.getByRole('button', { name: 'Logout' }).click();

    // The auditor's panel: users and figures, no action button.
    await staffSignIn(page, auditor.email, auditor.password, auditor.recoveryCodes.shift()!);
    await expect(page.getByRole('tab', { name: /Users/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Stories/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Grant Premium' })).toHaveCount(0);
    await expectFitsWidth(page, `admin-auditor ${size}`);
    await page.screenshot({ path: `${OUT}admin-auditor-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `auditor's panel ${size}`);
    await page.context().close();
  }
});
