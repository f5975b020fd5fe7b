import { type ApiUser, publishStoryAs } from '@nocturne/test-kit/api-client';
import type { Page } from '@playwright/test';

/** The page opens with the member's session, as after a login. */
export async function signedIn(page: Page, user: ApiUser): Promise<void> {
  await page.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(user.token)})`);
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
