import { describe, expect, it } from 'vitest';
import { issueAgeToken, verifyAgeToken } from './age-token';
import { deriveToken } from './derived-token';

const secret = 'a'.repeat(64);
const now = new Date('2026-06-01T12:00:00.000Z');
const inAYear = '2027-06-01T12:00:00.000Z';

describe('visitor age token', () => {
  it('verifies what it issued: its method and expiry, under an id that names nobody', () => {
    const token = issueAgeToken(
      secret,
      { method: 'wallet', provider: 'local-wallet', expiresAt: inAYear },
      now,
    );
    expect(token.length).toBeLessThan(60);
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(token).not.toContain('local-wallet');
    const verified = verifyAgeToken(secret, token, now);
    expect(verified).toEqual({ id: expect.any(String), method: 'wallet', expiresAt: inAYear });
    expect(token.startsWith(verified!.id)).toBe(true);
  });

  it('gives each issue its own id', () => {
    const a = issueAgeToken(secret, { method: 'hosted', expiresAt: inAYear }, now);
    const b = issueAgeToken(secret, { method: 'hosted', expiresAt: inAYear }, now);
    expect(a).not.toBe(b);
    expect(verifyAgeToken(secret, b, now)?.method).toBe('hosted');
  });

  it('is refused once expired, and at the second it expires', () => {
    const token = issueAgeToken(secret, { method: 'wallet', expiresAt: inAYear }, now);
    expect(verifyAgeToken(secret, token, new Date('2027-06-01T11:59:59.000Z'))).not.toBeNull();
    expect(verifyAgeToken(secret, token, new Date(inAYear))).toBeNull();
    expect(verifyAgeToken(secret, token, new Date('2028-01-01T00:00:00.000Z'))).toBeNull();
  });

  it('is refused when any part was tampered with (id, expiry, method or MAC)', () => {
    const token = issueAgeToken(secret, { method: 'hosted', expiresAt: inAYear }, now);
    const [id, expires, method, mac] = token.split('.') as [string, string, string, string];
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const later = (Number.parseInt(expires, 36) + 365 * 86400).toString(36);
    for (const tampered of [
      `${flip(id)}.${expires}.${method}.${mac}`,
      `${id}.${later}.${method}.${mac}`,
      `${id}.${expires}.w.${mac}`,
      `${id}.${expires}.${method}.${flip(mac)}`,
    ]) {
      expect(verifyAgeToken(secret, tampered, now)).toBeNull();
    }
  });

  it('is refused under another secret, and nothing else of ours verifies as one', () => {
    const token = issueAgeToken(secret, { method: 'wallet', expiresAt: inAYear }, now);
    expect(verifyAgeToken('b'.repeat(64), token, now)).toBeNull();
    for (const other of [
      undefined,
      42,
      '',
      'not.a.token.at-all',
      deriveToken(secret, 'verify', 'x'),
      `${token}x`,
    ]) {
      expect(verifyAgeToken(secret, other, now)).toBeNull();
    }
  });

  it('cannot be issued already expired', () => {
    expect(() => issueAgeToken(secret, { method: 'wallet', expiresAt: now.toISOString() }, now)).toThrow(
      RangeError,
    );
  });
});
