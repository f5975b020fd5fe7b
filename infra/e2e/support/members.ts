import { type ApiUser, publishStoryAs } from '@nocturne/test-kit/api-client';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/** The page opens with the member's session, as after a login. */
export async function signedIn(page: Page, user: ApiUser): Promise<void> {
  await page.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(user.token)})`);
}

/** A browser context of the member's own, every page of it opened with their session. */
export async function signedInContext(
  browser: Browser,
  user: ApiUser,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await context.addInitScript((token) => localStorage.setItem('auth_token', token), user.token);
  return { context, page: await context.newPage() };
}

/** How many premium stories the member may still open (GET /api/auth/me). */
export async function premiumStoriesRemaining(baseURL: string, user: ApiUser): Promise<number> {
  const response = await fetch(`${baseURL}/api/auth/me`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  return ((await response.json()) as { premium_stories_remaining: number }).premium_stories_remaining;
}

/**
 * A member with a pen name of their own, `${word} ${stamp}` (their first story chooses it, as the
 * form asks at a first publish); `handle` is the pen name's creator page.
 */
export async function creatorNamed(
  api: { createVerifiedUser(o: { prefix: string }): Promise<ApiUser> },
  baseURL: string,
  word = 'Moth',
) {
  const stamp = Date.now().toString(36).slice(-6);
  const creator = await api.createVerifiedUser({ prefix: 'creator' });
  const penName = `${word} ${stamp}`;
  await publishStoryAs(baseURL, creator, { texts: [`The first wing ${stamp}.`, 'It rose.'], penName });
  return { creator, penName, handle: `${word.toLowerCase()}-${stamp}`, stamp };
}
