import type { Page } from '@playwright/test';
import { E2E_DISCOUNT_CODE, expect, test } from './fixtures';

/**
 * Purchase and administration end to end: a user buys with the discount code and
 * confirms; the admin logs in, sees the payment pending and grants premium; the user reads a
 * premium story; the admin sees this month's registration, verification and premium in the
 * growth chart, and deletes the user after the browser's confirmation.
 */

/** Answers every browser dialog (alert/confirm) with OK and remembers its text. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

test('buy with the discount code, grant, read premium, growth chart, delete the user', async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const base = baseURL!;
  const adminPassword = nocturne.adminPassword;
  const premiumText = `The velvet door opened at midnight ${Date.now()}.`;
  const { id: storyId } = await api.publishStory({
    texts: [premiumText, 'And the city held its breath.'],
    isPremium: true,
  });
  const user = await api.createVerifiedUser({ prefix: 'buyer' });

  // The user: purchase page, discount code, pay, confirm.
  const userContext = await browser.newContext({ baseURL: base });
  // The payment provider is outside the test: answer its page locally.
  await userContext.route(
    (url) => !url.href.startsWith(base),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Payment</title>paid' }),
  );
  await userContext.addInitScript((token) => localStorage.setItem('auth_token', token), user.token);
  const userPage = await userContext.newPage();
  const userDialogs = collectDialogs(userPage);

  await userPage.goto('/subscription');
  await expect(userPage.getByRole('heading', { name: 'This is a Premium Story' })).toBeVisible();
  await expect(userPage.getByText('$15', { exact: true })).toBeVisible();
  await expect(userPage.getByText('one-time', { exact: true })).toBeVisible();
  await expect(userPage.locator('body')).not.toContainText('/mo');

  await userPage.getByLabel('Discount code').fill('not-a-code');
  await userPage.getByRole('button', { name: 'Apply' }).click();
  await expect(userPage.getByText('Invalid discount code')).toBeVisible();
  await userPage.getByLabel('Discount code').fill(E2E_DISCOUNT_CODE.toLowerCase());
  await userPage.getByRole('button', { name: 'Apply' }).click();
  await expect(userPage.getByText('30% OFF Applied!')).toBeVisible();
  await expect(userPage.getByText('$10', { exact: true })).toBeVisible();

  const popupPromise = userContext.waitForEvent('page');
  await userPage.getByRole('button', { name: 'Pay $10 with PayPal' }).click();
  const popup = await popupPromise;
  expect(popup.url()).toMatch(/\/10$/);
  await popup.close();

  const sent = userPage.getByRole('dialog', { name: 'Payment Sent?' });
  await expect(sent).toBeVisible();
  await sent.getByLabel('Transaction ID (optional)').fill(`E2E-${Date.now()}`);
  await sent.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(userPage.getByRole('dialog', { name: 'Payment Confirmed!' })).toBeVisible();
  await expect(userPage.getByRole('dialog', { name: 'Payment Confirmed!' })).toBeHidden({ timeout: 5000 });
  expect(userDialogs).toEqual([]);

  // The admin: log in, the payment is pending, grant it.
  const adminContext = await browser.newContext({ baseURL: base });
  const adminPage = await adminContext.newPage();
  // The admin panel asks in its own dialogs: a browser dialog would be a regression, and is accepted so it cannot hang the test.
  adminPage.on('dialog', (dialog) => void dialog.accept());
  await adminPage.goto('/admin_panel');
  await expect(adminPage.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await adminPage.getByLabel('Admin password').fill('definitely-wrong');
  await adminPage.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(adminPage.getByText('Invalid password. Access denied.')).toBeVisible();
  await expect(adminPage.getByLabel('Admin password')).toHaveValue('');
  await adminPage.getByLabel('Admin password').fill(adminPassword);
  await adminPage.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(adminPage.getByRole('button', { name: 'Logout' })).toBeVisible();
  // The session storage holds the admin token, never the password.
  const stored = await adminPage.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).not.toContain(adminPassword);

  await adminPage.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  const pending = adminPage.locator(`.admin-payments__item[data-email="${user.email}"]`);
  await expect(pending).toContainText('$10');
  await pending.getByRole('button', { name: 'Grant Premium' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Grant Premium?' })
    .getByRole('button', { name: 'Grant Premium' })
    .click();
  await expect(adminPage.getByText('User subscription enabled successfully!')).toBeVisible();
  await expect(pending).toBeHidden();
  const row = adminPage.locator(`tr[data-email="${user.email}"]`);
  await expect(row).toContainText('Premium');
  await expect(row).toContainText('Verified');

  // The user reads the premium story.
  await userPage.goto(`/story/${storyId}`);
  await userPage
    .getByRole('dialog', { name: 'Open this premium story?' })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(userPage.getByText(premiumText)).toBeVisible();
  await expect(userPage.getByText('This is a Premium Story')).toHaveCount(0);

  // The growth chart shows this month's registration, verification and premium.
  await adminPage.reload();
  await adminPage.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  await expect(adminPage.getByRole('heading', { name: 'Monthly Growth' })).toBeVisible();
  const chart = adminPage.locator('.admin-chart');
  for (const name of ['Registered Users', 'Verified Users', 'Premium Users']) {
    await expect(chart.locator('.recharts-legend-wrapper')).toContainText(name);
  }
  await expect(chart.locator('.recharts-line')).toHaveCount(3);
  const month = new Date().toISOString().slice(0, 7);
  const thisMonth = adminPage
    .getByTestId('growth-table')
    .locator('tr', { has: adminPage.locator(`th:text-is("${month}")`) });
  const counts = (await thisMonth.locator('td').allTextContents()).map(Number);
  expect(counts).toHaveLength(3);
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(1);

  // The admin deletes the user after the confirmation.
  await adminPage.locator(`tr[data-email="${user.email}"]`).getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = adminPage.getByRole('dialog', { name: 'Delete this user?' });
  await expect(confirmDelete).toContainText(`Are you sure you want to delete user ${user.email}?`);
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('User deleted successfully!')).toBeVisible();
  await expect(adminPage.locator(`tr[data-email="${user.email}"]`)).toHaveCount(0);

  // The deleted user's session is gone.
  const me = await fetch(`${base}/api/auth/me`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(me.status).toBe(401);

  await userContext.close();
  await adminContext.close();
});
