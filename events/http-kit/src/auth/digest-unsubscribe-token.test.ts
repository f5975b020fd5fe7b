import { describe, expect, it } from 'vitest';
import { digestUnsubscribeOwner, digestUnsubscribeToken, linkToken } from './user-token';

const userKey = '0123456789abcdef0123456789abcdef';
const other = 'fedcba9876543210fedcba9876543210';

describe('the digest unsubscribe token', () => {
  it('names the member it was made for, and holds no address', () => {
    const token = digestUnsubscribeToken('secret', userKey);
    expect(digestUnsubscribeOwner('secret', token)).toBe(userKey);
    expect(token).not.toContain('@');
  });

  it('is refused when forged, moved to another member, made with another secret or for another purpose', () => {
    const token = digestUnsubscribeToken('secret', userKey);
    const [, mac] = token.split('.');
    for (const bad of [
      `${other}.${mac}`,
      digestUnsubscribeToken('another secret', userKey),
      linkToken('secret', 'reset', userKey, userKey).token,
      `${userKey}.${'A'.repeat(43)}`,
      `${token}x`,
      '',
      undefined,
      42,
    ]) {
      expect(digestUnsubscribeOwner('secret', bad)).toBeNull();
    }
  });
});
