import { DEFAULT_READING_SETTINGS, readingSettingsMessages } from '@nocturne/domain';
import { accountsClient } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';

/** PATCH /api/me/reading-settings through command-api on the in-memory store. */
let system: TestCommandApi;
beforeAll(async () => {
  system = await startTestCommandApi();
});
afterAll(async () => {
  await system?.stop();
});

const { userEvents, verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.options.secret,
  store: system.ports.store,
  vault: system.ports.vault,
}));

async function change(token: string, body: unknown) {
  const response = await system.app.inject({
    method: 'PATCH',
    url: '/api/me/reading-settings',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const chosen = async (email: string) =>
  (await userEvents(email))
    .filter((event) => event.type === 'ReadingSettingsChosen')
    .map((event) => event.data);

describe('changing reading settings', () => {
  it('keeps every one of three quick changes, each of one setting, sent at once (the middle one was lost when each carried the whole settings)', async () => {
    const { email, token } = await verifiedUser();
    const answers = await Promise.all([
      change(token, { theme: 'sepia' }),
      change(token, { textSize: 'larger' }),
      change(token, { typeface: 'sans' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const all = { ...DEFAULT_READING_SETTINGS, theme: 'sepia', textSize: 'larger', typeface: 'sans' };
    expect((await chosen(email)).at(-1)).toEqual(all);

    // Another device's change keeps them too, and answers the whole settings.
    const other = await change(token, { reducedMotion: true });
    expect(other.body).toEqual({ ...all, reducedMotion: true });
  });

  it('refuses (400) a change of nothing or a value not its own, and records nothing', async () => {
    const { email, token } = await verifiedUser();
    expect(await change(token, {})).toMatchObject({
      status: 400,
      body: { detail: readingSettingsMessages.emptyChange },
    });
    const neon = await change(token, { theme: 'neon' });
    expect(neon.status).toBe(400);
    expect(await chosen(email)).toEqual([]);
  });

  it('refuses (401) a visitor', async () => {
    const response = await system.app.inject({
      method: 'PATCH',
      url: '/api/me/reading-settings',
      payload: { theme: 'light' },
    });
    expect(response.statusCode).toBe(401);
  });
});
