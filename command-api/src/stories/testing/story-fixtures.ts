import { encodeEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { newSessionToken } from '@nocturne/http-kit/auth';
import { TEST_ADMIN_PASSWORD } from '@nocturne/infra/test-env/test-config';
import type { AddressClaims } from '@nocturne/vault';
import sharp from 'sharp';
import { accountKeyOf } from '../../users/testing/account-key';

/**
 * Helpers for the stories tests: real images, real HTTP calls against a running system
 * (infra/src/system/test-system.ts, or command-api alone: test-command-api.ts), users made the
 * way a person makes them.
 */
export const adminHeaders = { 'X-Admin-Code': TEST_ADMIN_PASSWORD };

/** A small PNG of one colour with a diagonal stripe (distinct per seed, so distinct refs). */
export async function pngBytes(seed: number, width = 64, height = 96): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const stripe = Math.abs(x - y) < 4;
      raw[i] = stripe ? 255 : (seed * 37) % 256;
      raw[i + 1] = stripe ? 255 : (seed * 91) % 256;
      raw[i + 2] = stripe ? 255 : (seed * 53) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface StoryUpload {
  texts: string[];
  images?: (Buffer | { bytes: Buffer; name: string; type: string })[];
  isPremium?: boolean;
  tags?: string[];
  warnings?: string[];
  /** A member's pen name, chosen with the story. */
  penName?: string;
}

/** The multipart body of POST /api/stories, as the SPA sends it. */
export async function storyForm(upload: StoryUpload, seed = 1): Promise<FormData> {
  const form = new FormData();
  const images = upload.images ?? (await Promise.all(upload.texts.map((_, i) => pngBytes(seed * 100 + i))));
  for (const [i, image] of images.entries()) {
    const file = Buffer.isBuffer(image) ? { bytes: image, name: `slide-${i}.png`, type: 'image/png' } : image;
    form.append('images', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  for (const text of upload.texts) form.append('texts', text);
  form.append('isPremium', String(upload.isPremium ?? false));
  for (const tag of upload.tags ?? []) form.append('tags', tag);
  for (const warning of upload.warnings ?? []) form.append('warnings', warning);
  if (upload.penName !== undefined) form.append('penName', upload.penName);
  return form;
}

let clients = 0;
/**
 * A client address of its own for each upload (the test system trusts X-Forwarded-For from
 * loopback): publishing is rate limited per client, and these tests publish many stories.
 */
const nextClient = () => `10.77.${(++clients >> 8) & 255}.${clients & 255}`;

export async function postStory(
  baseUrl: string,
  upload: StoryUpload,
  headers: Record<string, string> = adminHeaders,
  seed = 1,
): Promise<Response> {
  return fetch(`${baseUrl}/api/stories`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': nextClient(), ...headers },
    body: await storyForm(upload, seed),
  });
}

/** Publishes a story (as the admin by default) and returns its id. */
export async function publish(baseUrl: string, upload: StoryUpload, seed = 1): Promise<string> {
  const response = await postStory(baseUrl, upload, adminHeaders, seed);
  if (response.status !== 201) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs up, verifies the address (the signup answer's testing token) and logs in: the Bearer token. */
export async function verifiedUser(
  baseUrl: string,
  email: string,
  password = 'secret-pass',
): Promise<string> {
  const signup = await json(
    await post(baseUrl, '/api/auth/signup', { email, password, age_confirmed: true }),
  );
  await json(await post(baseUrl, '/api/auth/verify-email', { token: signup.verification_token }));
  return (await json(await post(baseUrl, '/api/auth/login', { email, password }))).token as string;
}

/**
 * Signs up without verifying and returns a session token for that account. Login refuses
 * unverified accounts, so the session is appended to the user stream directly.
 */
export async function unverifiedSession(
  system: { baseUrl: string; config: { secret: string }; infra: { store: EventStore; vault: AddressClaims } },
  email: string,
): Promise<string> {
  await json(
    await post(system.baseUrl, '/api/auth/signup', { email, password: 'secret-pass', age_confirmed: true }),
  );
  const session = newSessionToken(await accountKeyOf(system, email));
  const event = encodeEvent(
    {
      type: 'UserLoggedIn',
      data: { sessionDigest: session.digest, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    },
    { correlationId: 'test', causationId: 'test', actor: { kind: 'system' } },
  );
  await system.infra.store.append(streams.user(session.userKey), [event], 'stream_exists');
  return session.token;
}

/** The admin grants premium (30 stories). */
export async function grantPremium(baseUrl: string, email: string): Promise<void> {
  await json(
    await fetch(`${baseUrl}/api/admin/users/${encodeURIComponent(email)}/subscription`, {
      method: 'PUT',
      headers: { ...adminHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'is_subscribed=true',
    }),
  );
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
