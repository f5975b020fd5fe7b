import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { slideMessages } from '@nocturne/domain';
import { adminHeaders, bearer, pngBytes, postStory, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';
import { unverifiedSession } from './testing/story-fixtures';

/** Publishing through command-api on the in-memory store; what readers see is stories.int.test.ts. */
let system: TestCommandApi;
let freeToken: string;

beforeAll(async () => {
  system = await startTestCommandApi();
  freeToken = await verifiedUser(system.baseUrl, 'free@nocturne.test');
});

afterAll(async () => {
  await system?.stop();
});

async function storedImages(): Promise<string[]> {
  return readdir(join(system.options.dataDir, 'images')).catch(() => []);
}

describe('who may publish', () => {
  it('accepts a verified user and an invite-code holder; refuses everyone else with 401', async () => {
    expect(
      (await postStory(system.baseUrl, { texts: ['a', 'b'], penName: 'Free Writer' }, bearer(freeToken)))
        .status,
    ).toBe(201);
    expect(
      (await postStory(system.baseUrl, { texts: ['a', 'b'] }, { 'X-Invite-Code': 'VELVETNIGHT' })).status,
    ).toBe(201);
    const before = await system.ports.store.headPosition();
    const strangers: Record<string, string>[] = [
      {},
      { 'X-Invite-Code': 'wrong' },
      { 'X-Admin-Code': 'wrong' },
      bearer(`${'0'.repeat(32)}.${'x'.repeat(43)}`),
    ];
    for (const headers of strangers) {
      const response = await postStory(system.baseUrl, { texts: ['a', 'b'] }, headers);
      expect(response.status).toBe(401);
      expect(typeof ((await response.json()) as { detail: unknown }).detail).toBe('string');
    }
    expect(await system.ports.store.headPosition()).toBe(before);
  });

  it('refuses a user whose e-mail is not verified', async () => {
    // Login refuses unverified accounts, so such a session can only exist in the log; forge one
    // there to check that publishing looks at verification itself.
    const token = await unverifiedSession(system, 'unverified@nocturne.test');
    const response = await postStory(system.baseUrl, { texts: ['a', 'b'] }, bearer(token));
    expect(response.status).toBe(401);
  });
});

describe('bad uploads are refused with a 4xx and store nothing', () => {
  async function expectRefused(response: Response, status: number, detail?: string) {
    const body = (await response.json()) as { detail: string };
    expect({ status: response.status, detail: body.detail }).toEqual({
      status,
      detail: detail ?? body.detail,
    });
  }

  it('a file that claims to be a PNG but is not, 11 slides, 501 words, 1 slide', async () => {
    const filesBefore = await storedImages();
    const positionBefore = await system.ports.store.headPosition();
    const fake = {
      bytes: Buffer.from('just text pretending to be an image'),
      name: 'x.png',
      type: 'image/png',
    };
    const brokenGif = {
      bytes: Buffer.from('GIF89a and then nothing an image needs'),
      name: 'y.gif',
      type: 'image/gif',
    };
    await expectRefused(
      await postStory(system.baseUrl, { texts: ['one', 'two'], images: [await pngBytes(901), fake] }),
      415,
      'Image 2 is not a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    await expectRefused(
      await postStory(system.baseUrl, { texts: ['one', 'two'], images: [await pngBytes(906), brokenGif] }),
      400,
      'Image 2 could not be read.',
    );
    await expectRefused(
      await postStory(
        system.baseUrl,
        { texts: Array.from({ length: 11 }, (_, i) => `slide ${i}`) },
        adminHeaders,
        902,
      ),
      400,
      slideMessages.tooManySlides,
    );
    const words501 = Array.from({ length: 501 }, () => 'word').join(' ');
    await expectRefused(
      await postStory(system.baseUrl, { texts: ['fine', words501] }, adminHeaders, 903),
      400,
      slideMessages.badWordCount,
    );
    await expectRefused(
      await postStory(system.baseUrl, { texts: ['alone'] }, adminHeaders, 904),
      400,
      slideMessages.tooFewSlides,
    );
    await expectRefused(
      await postStory(system.baseUrl, { texts: ['a', 'b'], images: [await pngBytes(905)] }, adminHeaders),
      400,
      slideMessages.tooFewSlides,
    );
    await expectRefused(
      await fetch(`${system.baseUrl}/api/stories`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        body: '{}',
      }),
      415,
    );
    expect(await storedImages()).toEqual(filesBefore);
    expect(await system.ports.store.headPosition()).toBe(positionBefore);
  });
});
