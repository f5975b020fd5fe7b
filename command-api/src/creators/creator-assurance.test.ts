import { creatorAssuranceMessages } from '@nocturne/domain';
import { encodeEvent, streams } from '@nocturne/events';
import { issueAgeToken } from '@nocturne/http-kit/auth';
import { accountKeyOf } from '@nocturne/test-kit/account-key';
import { adminHeaders, bearer, postStory, storyForm, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';

/** Explicit stories through command-api's routes, with AGE_ASSURANCE=required. */
let system: TestCommandApi;
let off: TestCommandApi;

beforeAll(async () => {
  [system, off] = await Promise.all([
    startTestCommandApi({ ageAssurance: { mode: 'required', regions: [], validityDays: 365 } }),
    startTestCommandApi(),
  ]);
});
afterAll(async () => {
  await Promise.all([system?.stop(), off?.stop()]);
});

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();
const aDayAgo = () => new Date(Date.now() - 86_400_000).toISOString();

/** Given: an AgeAssured on the member's own stream, as the check flow appends it. */
async function assure(email: string, expiresAt: string) {
  const userKey = await accountKeyOf(system.ports.vault, email);
  const event = encodeEvent(
    {
      type: 'AgeAssured',
      data: { method: 'wallet', provider: 'local-wallet', assuredAt: new Date().toISOString(), expiresAt },
    },
    { correlationId: 'test', causationId: 'test', actor: { kind: 'user', userKey } },
  );
  await system.ports.store.append(streams.user(userKey), [event], 'stream_exists');
}

const explicit = { texts: ['One.', 'Two.'], rating: 'explicit', penName: undefined as string | undefined };

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as { detail: string }).detail).toBe(creatorAssuranceMessages.required);
}

describe('publishing an Explicit story, AGE_ASSURANCE=required', () => {
  it('refuses a member never assured (nothing appended), then publishes once they are', async () => {
    const token = await verifiedUser(system.baseUrl, 'explicit-writer@nocturne.test');
    const before = await system.ports.store.headPosition();
    await expectRefused(
      await postStory(system.baseUrl, { ...explicit, penName: 'Night Writer' }, bearer(token)),
    );
    expect(await system.ports.store.headPosition()).toBe(before);
    // A Mature story needs no assurance.
    expect(
      (
        await postStory(
          system.baseUrl,
          { texts: ['a', 'b'], rating: 'mature', penName: 'Night Writer' },
          bearer(token),
        )
      ).status,
    ).toBe(201);
    await assure('explicit-writer@nocturne.test', inAYear());
    expect((await postStory(system.baseUrl, explicit, bearer(token))).status).toBe(201);
  });

  it('refuses a member whose assurance has expired', async () => {
    const token = await verifiedUser(system.baseUrl, 'lapsed-writer@nocturne.test');
    await assure('lapsed-writer@nocturne.test', aDayAgo());
    await expectRefused(await postStory(system.baseUrl, { ...explicit, penName: 'Lapsed' }, bearer(token)));
  });

  it('asks an invite-code holder for the visitor token of their device; the staff are not asked', async () => {
    await expectRefused(await postStory(system.baseUrl, explicit, { 'X-Invite-Code': 'velvetnight' }));
    const token = issueAgeToken(
      system.options.secret,
      { method: 'hosted', provider: 'yoti', expiresAt: inAYear() },
      new Date(),
    );
    expect(
      (
        await postStory(system.baseUrl, explicit, {
          'X-Invite-Code': 'velvetnight',
          'X-Age-Assurance': token,
        })
      ).status,
    ).toBe(201);
    expect((await postStory(system.baseUrl, explicit, adminHeaders)).status).toBe(201);
  });

  it('refuses the publish of an Explicit draft until the member is assured', async () => {
    const token = await verifiedUser(system.baseUrl, 'draft-writer@nocturne.test');
    await postStory(system.baseUrl, { texts: ['a', 'b'], penName: 'Drafter' }, bearer(token));
    const created = await fetch(`${system.baseUrl}/api/drafts`, {
      method: 'POST',
      headers: bearer(token),
      body: await storyForm({ texts: ['One.', 'Two.'], rating: 'explicit' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const publishDraft = () =>
      fetch(`${system.baseUrl}/api/drafts/${id}/publish`, { method: 'POST', headers: bearer(token) });
    await expectRefused(await publishDraft());
    await assure('draft-writer@nocturne.test', inAYear());
    expect((await publishDraft()).status).toBe(200);
  });

  it('with AGE_ASSURANCE=off, anyone who may publish publishes Explicit', async () => {
    const token = await verifiedUser(off.baseUrl, 'free-writer@nocturne.test');
    expect((await postStory(off.baseUrl, { ...explicit, penName: 'Free' }, bearer(token))).status).toBe(201);
  });
});
