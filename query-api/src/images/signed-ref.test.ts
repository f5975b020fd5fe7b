import { describe, expect, it } from 'vitest';
import { adminSubject, signImageRef, userSubject, verifySignedRef, visitorSubject } from './signed-ref';

const ref = 'ab'.repeat(16);
const secret = 'test-secret';
const now = new Date('2025-01-01T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('signed image references', () => {
  it('verify for minutes, then expire', () => {
    const signed = signImageRef(secret, ref, userSubject('f'.repeat(32)), now);
    expect(verifySignedRef(secret, signed, now)).toMatchObject({ ref, subject: userSubject('f'.repeat(32)) });
    expect(signed.length).toBeLessThanOrEqual(100);
    expect(verifySignedRef(secret, signed, later(9))).not.toBeNull();
    expect(verifySignedRef(secret, signed, later(16))).toBeNull();
  });

  it('cannot be altered: another ref, subject, expiry or secret fails', () => {
    const signed = signImageRef(secret, ref, adminSubject('sess_1'), now);
    const [r, s, e, m] = signed.split('.') as [string, string, string, string];
    expect(verifySignedRef(secret, [`${'cd'.repeat(16)}`, s, e, m].join('.'), now)).toBeNull();
    expect(verifySignedRef(secret, [r, userSubject('e'.repeat(32)), e, m].join('.'), now)).toBeNull();
    expect(
      verifySignedRef(secret, [r, s, (Number.parseInt(e, 36) + 3600).toString(36), m].join('.'), now),
    ).toBeNull();
    expect(verifySignedRef('other-secret', signed, now)).toBeNull();
  });

  it("signs a preview's reference, and for an assured visitor, within 100 characters", () => {
    const preview = `preview-${ref}`;
    const signed = signImageRef(secret, preview, visitorSubject('Ab_-'.repeat(4)), now);
    expect(signed.length).toBeLessThanOrEqual(100);
    expect(verifySignedRef(secret, signed, now)).toMatchObject({
      ref: preview,
      subject: `v${'Ab_-'.repeat(4)}`,
    });
  });

  it('refuses anything that is not a signed reference', () => {
    for (const name of [
      '',
      ref,
      '../x',
      `${ref}..`,
      `preview-${ref}`,
      `preview-x${ref}.u1.1.${'a'.repeat(22)}`,
    ]) {
      expect(verifySignedRef(secret, name, now)).toBeNull();
    }
  });
});
