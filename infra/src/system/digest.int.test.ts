import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startDigestScheduler } from '@nocturne/command-api';
import { digestMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { digestUnsubscribeToken } from '@nocturne/http-kit/auth';
import { digestReader } from '@nocturne/query-api';
import { apiCall, bearer, postStory, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let writer: string;
let poet: string;
const day1 = new Date('2030-03-01T07:00:00.000Z');
const day2 = new Date('2030-03-02T07:00:00.000Z');
const day3 = new Date('2030-03-03T07:00:00.000Z');
const day4 = new Date('2030-03-04T07:00:00.000Z');

beforeAll(async () => {
  system = await startTestSystem({}, { accountRateLimits: { signupPerMinute: 1000, loginPerMinute: 1000 } });
  writer = await verifiedUser(system.baseUrl, 'digest-writer@nocturne.test');
  poet = await verifiedUser(system.baseUrl, 'digest-poet@nocturne.test');
  await publishAs(writer, 'Night Owl', ['The lamp was lit.', 'She came in.']);
  await publishAs(poet, 'Lark', ['Dawn, again.', 'He stayed.']);
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

const keyOf = (token: string) => token.split('.')[0]!;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const answer = await apiCall(system.baseUrl, method, path, { token, body });
  return { status: answer.status, body: answer.body };
}

async function publishAs(token: string, penName: string, texts: string[]): Promise<string> {
  const response = await postStory(system.baseUrl, { texts, penName }, bearer(token), texts.length + 11);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A verified member who follows `handles` and turned the digest on. */
async function member(email: string, handles: string[]): Promise<string> {
  const token = await verifiedUser(system.baseUrl, email);
  for (const handle of handles)
    expect((await call('POST', `/api/creators/${handle}/follow`, token)).status).toBe(200);
  expect(await call('PUT', '/api/me/email-digest', token, { enabled: true })).toEqual({
    status: 200,
    body: { enabled: true },
  });
  return token;
}

/** A mail's quoted-printable text made plain (soft line breaks joined, =XX decoded). */
const plain = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The digest mails written to the outbox (no SMTP_URL) for this address, decoded. */
async function digestMailsTo(address: string): Promise<string[]> {
  await system.reactors.drain();
  const dir = join(system.config.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const raws = await Promise.all(files.map(async (file) => plain(await readFile(join(dir, file), 'utf8'))));
  return raws.filter(
    (raw) => raw.includes(`To: ${address}`) && raw.includes('Subject: New stories from creators'),
  );
}

const digestsOf = async (token: string) =>
  (await system.infra.store.readStream(streams.digest(keyOf(token)))).map((e) => e.type);

async function runDigest(now: Date) {
  await system.settle();
  return system.digest.runNow(now);
}

describe('the daily digest', () => {
  it('is off by default, and its choice is an event on the member stream', async () => {
    const token = await verifiedUser(system.baseUrl, 'digest-default@nocturne.test');
    expect(await call('GET', '/api/me/email-digest', token)).toEqual({
      status: 200,
      body: { enabled: false },
    });
    expect((await call('PUT', '/api/me/email-digest', token, { enabled: 'yes' })).body.detail).toBe(
      `enabled: ${digestMessages.enabledRequired}`,
    );
    expect((await call('PUT', '/api/me/email-digest', null, { enabled: true })).status).toBe(401);
    await call('PUT', '/api/me/email-digest', token, { enabled: true });
    await system.settle();
    expect(await call('GET', '/api/me/email-digest', token)).toEqual({
      status: 200,
      body: { enabled: true },
    });
    const types = (await system.infra.store.readStream(streams.user(keyOf(token)))).map((e) => e.type);
    expect(types.filter((t) => t === 'EmailDigestChosen')).toHaveLength(1);
  });

  it('two runs the same day, even from two processes, send one mail; the next day only what is new', async () => {
    const reader = await member('digest-reader@nocturne.test', ['night-owl']);
    const first = await publishAs(writer, 'Night Owl', ['A new door.', 'It opened.']);
    const secondProcess = startDigestScheduler({
      store: system.infra.store,
      vault: system.infra.vault,
      reader: digestReader(system.infra.db),
      at: null,
      clock: () => day1,
      log: () => {},
    });
    await system.settle();
    await Promise.all([system.digest.runNow(day1), secondProcess.runNow(day1)]);
    await runDigest(day1);
    expect(await digestsOf(reader)).toEqual(['DigestSent']);
    const mails = await digestMailsTo('digest-reader@nocturne.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/story/${first}`);
    expect(mails[0]).toContain('Night Owl');
    // The reader's digest event holds the creator's pen name sealed under the creator's key only.
    const [stored] = await system.infra.store.readStream(streams.digest(keyOf(reader)));
    expect(JSON.stringify(stored!.data)).not.toContain('Night Owl');
    expect(stored!.data).toMatchObject({ stories: [{ penName: expect.stringMatching(/^pii:v1:/) }] });

    // The story published before the member turned the digest on is not news to them.
    expect(mails[0]).toContain('A new door.');
    expect(mails[0]).not.toContain('The lamp was lit.');

    const next = await publishAs(writer, 'Night Owl', ['The second night.', 'Rain.']);
    await runDigest(day2);
    const later = await digestMailsTo('digest-reader@nocturne.test');
    expect(later).toHaveLength(2);
    const newest = later.find((raw) => raw.includes(`/story/${next}`))!;
    expect(newest).not.toContain(`/story/${first}`);
  });

  it('a member whose creators published nothing new gets no mail', async () => {
    const quiet = await member('digest-quiet@nocturne.test', ['lark']);
    await runDigest(day1);
    expect(await digestsOf(quiet)).toEqual([]);
    expect(await digestMailsTo('digest-quiet@nocturne.test')).toEqual([]);
  });

  it('unfollowing a creator removes their stories from the digest, and from the bell', async () => {
    const fan = await member('digest-fan@nocturne.test', ['night-owl', 'lark']);
    const owl = await publishAs(writer, 'Night Owl', ['Owl story.', 'Moon.']);
    const lark = await publishAs(poet, 'Lark', ['Lark story.', 'Sun.']);
    expect((await call('DELETE', '/api/creators/lark/follow', fan)).status).toBe(200);
    await runDigest(day3);
    const [mail] = await digestMailsTo('digest-fan@nocturne.test');
    expect(mail).toContain(`/story/${owl}`);
    expect(mail).not.toContain(`/story/${lark}`);
    const bell = await call('GET', '/api/me/notifications', fan);
    expect(bell.body.items.map((item: { storyId: string }) => item.storyId)).toEqual([owl]);
  });

  it('turned off, sends nothing more', async () => {
    const leaving = await member('digest-leaving@nocturne.test', ['night-owl']);
    expect(await call('PUT', '/api/me/email-digest', leaving, { enabled: false })).toEqual({
      status: 200,
      body: { enabled: false },
    });
    await publishAs(writer, 'Night Owl', ['Nobody told.', 'Quiet.']);
    await runDigest(day4);
    expect(await digestsOf(leaving)).toEqual([]);
    expect(await digestMailsTo('digest-leaving@nocturne.test')).toEqual([]);
  });
});

describe('the one-click unsubscribe', () => {
  const unsubscribe = (token: string, body = 'List-Unsubscribe=One-Click') =>
    fetch(`${system.baseUrl}/api/email-digest/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('turns the digest off without a login, by the form a mail client posts', async () => {
    const reader = await member('digest-oneclick@nocturne.test', ['night-owl']);
    const response = await unsubscribe(digestUnsubscribeToken(system.config.secret, keyOf(reader)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: false });
    await system.settle();
    expect(await call('GET', '/api/me/email-digest', reader)).toEqual({
      status: 200,
      body: { enabled: false },
    });
    // A second click is no error.
    expect((await unsubscribe(digestUnsubscribeToken(system.config.secret, keyOf(reader)))).status).toBe(200);
  });

  it('refuses a forged, altered or missing token with a 400 and its detail, appending nothing', async () => {
    const reader = await member('digest-forged@nocturne.test', ['night-owl']);
    const real = digestUnsubscribeToken(system.config.secret, keyOf(reader));
    await system.settle();
    const head = await system.infra.store.readAll(0, 1_000_000).then((all) => all.at(-1)?.position);
    for (const token of [
      `${keyOf(reader)}.${'A'.repeat(43)}`,
      digestUnsubscribeToken('another-secret-another-secret-xx', keyOf(reader)),
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      'digest-forged@nocturne.test',
    ]) {
      const response = await unsubscribe(token);
      expect(response.status, token).toBe(400);
      expect(await response.json()).toEqual({ detail: digestMessages.unsubscribeInvalid });
    }
    const missing = await fetch(`${system.baseUrl}/api/email-digest/unsubscribe`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await system.infra.store.readAll(0, 1_000_000).then((all) => all.at(-1)?.position)).toBe(head);
    expect(await call('GET', '/api/me/email-digest', reader)).toEqual({
      status: 200,
      body: { enabled: true },
    });
  });
});
