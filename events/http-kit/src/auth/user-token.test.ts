import { describe, expect, it } from 'vitest';
import { sha256Hex } from './derived-token';
import { linkToken, locateUserToken, newSessionToken } from './user-token';

const userKey = '0123456789abcdef0123456789abcdef';

describe('user tokens', () => {
  it('derive the same link token from the same event id, and another for another purpose', () => {
    const a = linkToken('secret', 'verify', userKey, 'event-1');
    expect(linkToken('secret', 'verify', userKey, 'event-1')).toEqual(a);
    expect(linkToken('secret', 'reset', userKey, 'event-1').token).not.toBe(a.token);
    expect(linkToken('other', 'verify', userKey, 'event-1').token).not.toBe(a.token);
    expect(a.digest).toBe(sha256Hex(a.token));
  });

  it('locate their user stream; the digest covers the whole token', () => {
    const session = newSessionToken(userKey);
    expect(locateUserToken(session.token)).toEqual(session);
    const moved = `${'f'.repeat(32)}.${session.token.split('.')[1]}`;
    expect(locateUserToken(moved)?.digest).not.toBe(session.digest);
  });

  it('refuse what is not a token of ours', () => {
    for (const bad of [
      undefined,
      42,
      '',
      'abc',
      `${userKey}.short`,
      `${userKey.toUpperCase()}.${'a'.repeat(43)}`,
    ]) {
      expect(locateUserToken(bad)).toBeNull();
    }
  });
});
