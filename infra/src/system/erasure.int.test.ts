import { apiCall, bearer, createVerifiedUser, postStory } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

/** Every stored event as the log holds it (data and metadata as JSON), oldest first. */
async function rawLog(): Promise<string[]> {
  const all: string[] = [];
  for (let after = 0; ; ) {
    const page = await system.infra.store.readAll(after, 500);
    if (page.length === 0) return all;
    for (const event of page)
      all.push(JSON.stringify({ type: event.type, data: event.data, meta: event.metadata }));
    after = page.at(-1)!.position;
  }
}

describe("a member's erasure", () => {
  it("answers 404 for the creator's page, frees the handle, and leaves no pen name readable in the log", async () => {
    const creator = await createVerifiedUser(system.baseUrl, { prefix: 'erased-creator' });
    const penName = `Quillon Marsh ${Math.floor(Math.random() * 1e6)}`;
    const handle = penName.toLowerCase().replace(/ /g, '-');
    const posted = await postStory(
      system.baseUrl,
      { texts: ['A marsh', 'A heron'], penName },
      bearer(creator.token),
      41,
    );
    expect(posted.status).toBe(201);
    const storyId = ((await posted.json()) as { id: string }).id;
    const renamed = await apiCall(system.baseUrl, 'PUT', '/api/me/pen-name', {
      token: creator.token,
      body: { penName: `${penName} Two` },
    });
    expect(renamed.status).toBe(200);
    const back = await apiCall(system.baseUrl, 'PUT', '/api/me/pen-name', {
      token: creator.token,
      body: { penName },
    });
    expect(back.status).toBe(200);

    // Free text the member typed: the payment method of a confirmation.
    const method = `Quillon Savings ${Math.floor(Math.random() * 1e6)}`;
    const paid = await apiCall(system.baseUrl, 'POST', '/api/payment/confirm', {
      token: creator.token,
      body: { amount: 15, transaction_id: `TX-${method}`, payment_method: method },
    });
    expect(paid.status).toBe(200);

    const page = await apiCall(system.baseUrl, 'GET', `/api/creators/${handle}`, { after: back.position });
    expect(page).toMatchObject({ status: 200, body: { penName, handle } });
    // Sealed from the first: the log never held the name or the method in plain text.
    const readable = [penName, handle, method];
    expect((await rawLog()).filter((event) => readable.some((text) => event.includes(text)))).toEqual([]);

    const deleted = await apiCall(
      system.baseUrl,
      'DELETE',
      `/api/admin/users/${encodeURIComponent(creator.email)}`,
      {
        admin: TEST_ADMIN_PASSWORD,
      },
    );
    expect(deleted.status).toBe(200);
    const after = deleted.position;
    expect((await apiCall(system.baseUrl, 'GET', `/api/creators/${handle}`, { after })).status).toBe(404);
    // The story stays, named by nobody; no list finds it by the erased handle.
    const story = await apiCall(system.baseUrl, 'GET', `/api/stories/${storyId}`, { after });
    expect(story.status).toBe(200);
    expect(JSON.stringify(story.body)).not.toContain(penName);
    expect((story.body as { creator: { handle: string | null } }).creator.handle).toBeNull();
    const listed = await apiCall(system.baseUrl, 'GET', `/api/stories?creator=${handle}`, { after });
    expect(listed.body).toEqual([]);

    // The handle is anyone's again.
    const successor = await createVerifiedUser(system.baseUrl, { prefix: 'successor' });
    const taken = await apiCall(system.baseUrl, 'PUT', '/api/me/pen-name', {
      token: successor.token,
      body: { penName },
    });
    expect(taken).toMatchObject({ status: 200, body: { penName, handle } });
  });
});
