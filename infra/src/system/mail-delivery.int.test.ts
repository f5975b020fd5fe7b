import { randomUUID } from 'node:crypto';
import { Mailbox } from '@nocturne/test-kit/mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessReport } from '../ops/health/readiness';
import { startTestSystem, type TestSystem } from './test-system';

const id = randomUUID().slice(0, 8);
const refused = `refused-${id}@nocturne.test`;
const later = `later-${id}@nocturne.test`;
const fine = `fine-${id}@nocturne.test`;

let relay: Mailbox;
let system: TestSystem;
const errors: string[] = [];

beforeAll(async () => {
  relay = await Mailbox.start((address, attempt) => {
    if (address === refused) return { code: 550, message: `5.1.1 <${address}>: Recipient address rejected` };
    if (address === later && attempt === 1)
      return { code: 451, message: `4.7.1 <${address}>: try again later` };
    return undefined;
  });
  system = await startTestSystem(
    { smtpUrl: relay.smtpUrl },
    { logError: (line) => errors.push(line), mailRetry: { firstDelayMs: 1500, maxDelayMs: 1500 } },
  );
});
afterAll(async () => {
  await system?.stop();
  await relay?.stop();
});

async function signUp(email: string): Promise<number> {
  const response = await fetch(`${system.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.0.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password: 'a-long-password-1', age_confirmed: true }),
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-event-position'));
}

describe('mail a relay refuses', () => {
  it('skips a 550, retries a 451 with back-off, and holds back no one else', async () => {
    const refusedAt = await signUp(refused);
    const laterAt = await signUp(later);
    const started = Date.now();
    await signUp(fine);

    // The others' mail is not held back by the refused and the deferred address before them.
    await relay.waitFor(fine, { subject: 'Verify your email address' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(relay.received.some((m) => m.to.includes(later))).toBe(false);

    // The 451 is tried again after its delay, and delivered.
    await relay.waitFor(later, { subject: 'Verify your email address' });
    expect(relay.attempts.get(later)).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    // The 550 is tried once, recorded and skipped; the log names its position, never the address.
    expect(relay.attempts.get(refused)).toBe(1);
    expect(relay.received.some((m) => m.to.includes(refused))).toBe(false);
    // The runner logs the retry's success just after the relay took the mail.
    for (let i = 0; i < 100 && !errors.some((l) => l.endsWith('done on attempt 2')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const what = (position: number) =>
      `account-mail: event at position ${position} (UserRegistered, stream user-`;
    expect(errors.filter((l) => l.startsWith(what(refusedAt)))).toEqual([
      expect.stringMatching(/refused permanently \(SMTP 550\); recorded and skipped$/),
    ]);
    expect(errors.filter((l) => l.startsWith(what(laterAt)))).toEqual([
      expect.stringMatching(/failed \(SMTP 451\), attempt 1 of 10; next in 2 s$/),
      expect.stringMatching(/done on attempt 2$/),
    ]);
    expect(errors.join('\n')).not.toMatch(/@|nocturne\.test/);

    // /readyz lists the refusal (and stays ready: one recipient's problem is not the service's).
    const response = await fetch(`${system.baseUrl}/readyz`);
    const report = (await response.json()) as ReadinessReport;
    expect(response.status).toBe(200);
    expect(report.mail.retrying).toEqual([]);
    expect(report.mail.refused).toEqual([
      expect.objectContaining({
        position: refusedAt,
        eventType: 'UserRegistered',
        reason: 'SMTP 550',
        state: 'refused',
      }),
    ]);
    expect(JSON.stringify(report)).not.toContain('@');
  });
});
