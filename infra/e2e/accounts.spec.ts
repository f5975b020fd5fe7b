import { expect, type Page, test } from './fixtures';

/**
 * Accounts end to end, on the harness's system, whose SMTP_URL points at the
 * harness's SMTP server, so the verification mail really travels over SMTP: sign up through the
 * form, receive the mail, open its link, see the success state and the redirect to the login with
 * the address prefilled, log in, reach /profile, log out. And every signup validation message.
 */

/** The field of a label, and the message it is described by. */
async function expectFieldError(page: Page, label: string, message: string) {
  const error = page.getByText(message, { exact: true });
  await expect(error).toBeVisible();
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await error.getAttribute('id'));
}

test('every signup validation message appears for its case, and nothing is sent or lost', async ({
  page,
}) => {
  const signups: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/signup')) signups.push(request.url());
  });
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm password');
  const adult = page.getByLabel('I confirm that I am 18 years of age or older.');
  const submit = page.getByRole('button', { name: 'Sign Up' });

  await submit.click();
  await expectFieldError(page, 'Email', 'Email is required');

  await email.fill('not-an-address');
  await password.fill('secret1');
  await confirm.fill('secret1');
  await adult.check();
  await submit.click();
  await expectFieldError(page, 'Email', 'Please enter a valid email address');
  await expect(email).toBeFocused();

  await email.fill('someone@example.com');
  await password.fill('12345');
  await confirm.fill('12345');
  await submit.click();
  await expectFieldError(page, 'Password', 'Password must be at least 6 characters');

  await password.fill('secret1');
  await confirm.fill('secret2');
  await submit.click();
  await expectFieldError(page, 'Confirm password', 'Passwords do not match');

  await confirm.fill('secret1');
  await adult.uncheck();
  await submit.click();
  await expectFieldError(
    page,
    'I confirm that I am 18 years of age or older.',
    'You must confirm that you are 18+ years old to continue',
  );

  // Nothing typed was lost, and nothing was sent.
  await expect(email).toHaveValue('someone@example.com');
  await expect(password).toHaveValue('secret1');
  await expect(confirm).toHaveValue('secret1');
  expect(signups).toEqual([]);
});

test('sign up, verify by the mailed link, log in, reach the profile, log out', async ({
  page,
  mailbox,
  baseURL,
}) => {
  const baseUrl = baseURL!;
  const address = `reader-${Date.now().toString(36)}@example.com`;
  const secret = 'moonlit secret 42';

  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByLabel('Confirm password').fill(secret);
  await page.getByLabel('I confirm that I am 18 years of age or older.').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();

  // Logging in before verifying is refused with a hint to verify.
  await page.goto(`${baseUrl}/auth/login?email=${encodeURIComponent(address)}`);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('verify your email');

  const mail = await mailbox.waitFor(address, { subject: 'Verify your email address' });
  const link = mail.links.find((l) => l.startsWith(`${baseUrl}/auth/verify?token=`));
  expect(link, 'the verification link in the mail').toMatch(/\?token=[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  // The 3-second redirect to the login, with the address prefilled.
  await expect(page).toHaveURL(`${baseUrl}/auth/login?email=${encodeURIComponent(address)}`, {
    timeout: 6000,
  });
  await expect(page.getByLabel('Email')).toHaveValue(address);

  // The link is single use.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already been used');

  await page.goto(`${baseUrl}/auth/login?email=${encodeURIComponent(address)}`);
  await page.getByLabel('Password').fill('not the secret');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(address);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${baseUrl}/profile`);
  await expect(page.getByText('Free Account')).toBeVisible();
  const token = await page.evaluate("localStorage.getItem('auth_token')");
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  // The profile leaves for the landing page; its guard may get there first and send to the login.
  await expect(page).toHaveURL(new RegExp(`^${baseUrl.replace(/[.:/]/g, '\\$&')}/(auth/login)?$`));
  expect(await page.evaluate("localStorage.getItem('auth_token')")).toBeNull();
  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  // The server revoked the session (the logout call is not awaited by the page).
  await expect
    .poll(
      async () =>
        (await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status,
    )
    .toBe(401);

  // Logged out, the profile sends to the login.
  await page.goto(`${baseUrl}/profile`);
  await expect(page).toHaveURL(`${baseUrl}/auth/login`);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/auth/reset-password',
  );
});
