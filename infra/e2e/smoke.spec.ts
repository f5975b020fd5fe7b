import { expect, test } from './fixtures';

/** The harness itself: the system answers, the SPA routes, the API helpers and the mailbox work. */
test.describe('smoke', () => {
  test('the API answers /api/stories and an unknown /api path is a 404 {detail}', async ({ request }) => {
    const stories = await request.get('/api/stories');
    expect(stories.status()).toBe(200);
    expect(Array.isArray(await stories.json())).toBe(true);

    const missing = await request.get('/api/no-such-endpoint');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'No such endpoint: GET /api/no-such-endpoint' });
  });

  test('an unknown route shows the not-found page', async ({ page }) => {
    const response = await page.goto('/this/page/does/not/exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  });

  test('a published story is listed, and a signup mail arrives over SMTP', async ({
    request,
    api,
    mailbox,
  }) => {
    const { id, position } = await api.publishStory({ texts: ['The first night.', 'The second night.'] });
    const answer = await request.get('/api/stories', { headers: { 'X-Min-Position': String(position) } });
    const listed = (await answer.json()) as { id: string }[];
    expect(listed.some((s) => s.id === id)).toBe(true);

    const user = await api.createVerifiedUser({ prefix: 'smoke' });
    expect(user.token).toContain('.');
    const mail = await mailbox.waitFor(user.email);
    expect(mail.links.some((link) => link.includes('/auth/verify?token='))).toBe(true);
  });

  test('the SPA runs under its Content-Security-Policy, which really blocks inline script', async ({
    page,
    cspViolations,
  }) => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    // The app rendered (its scripts and styles were allowed) ...
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/auth/signup');
    await expect(page.locator('form')).toBeVisible();
    expect(cspViolations).toEqual([]);

    // ... and an inline script, as an injection would bring, does not run.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations.join('\n')).toMatch(/script-src/);
    cspViolations.length = 0;
  });
});
