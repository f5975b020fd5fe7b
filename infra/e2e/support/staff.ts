import type { Page } from '@playwright/test';

/** A staff member signs in on the admin panel's gate through the e-mail form, with a code. */
export async function staffSignIn(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Staff member? Sign in with your e-mail' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
