import { describe, expect, it } from 'vitest';
import { withCredentials } from './cache-policy';

describe('a private answer varies by the credentials', () => {
  it('appends the credentials an answer does not vary by yet, in order', () => {
    expect(withCredentials('')).toBe('Authorization, X-Admin-Code, X-Age-Assurance');
    expect(withCredentials('Accept-Encoding')).toBe(
      'Accept-Encoding, Authorization, X-Admin-Code, X-Age-Assurance',
    );
    expect(withCredentials('accept-encoding, authorization')).toBe(
      'accept-encoding, authorization, X-Admin-Code, X-Age-Assurance',
    );
  });

  it('leaves a Vary that names them all (in any case) as it is', () => {
    expect(withCredentials('Accept-Encoding, Authorization, X-Admin-Code, X-Age-Assurance')).toBeUndefined();
    expect(withCredentials('x-age-assurance,AUTHORIZATION , x-admin-code')).toBeUndefined();
  });
});
