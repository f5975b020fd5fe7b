import type { Page } from '@playwright/test';

/** A staff member signs in on the admin panel's gate through the e-mail form, with a code. */
export async function staffSignIn(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Staff member? Sign in with your e-mail' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The admin panel's Stories tab (the owner and admins land on the overview). */
export async function openStoriesTab(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Stories/ });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/**
 * The Stories tab's creation form, opened: it opens by itself while there is no story, so its
 * button is pressed only when the form is not open already (a press would close it).
 */
export async function openStoryForm(page: Page): Promise<void> {
  await openStoriesTab(page);
  const opener = page.getByRole('button', { name: 'Create New Story' });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await page.locator('.admin-create').waitFor();
}
