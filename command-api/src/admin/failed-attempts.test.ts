import { describe, expect, it } from 'vitest';
import { FailedAttempts } from './failed-attempts';

describe('failed admin-password attempts', () => {
  it('allows 5 failures a minute from one address, refuses the 6th attempt until the window moves', () => {
    const attempts = new FailedAttempts(5, 60_000);
    for (let i = 0; i < 5; i++) {
      expect(attempts.retryAfter('1.2.3.4', 1000 + i)).toBe(0);
      attempts.record('1.2.3.4', 1000 + i);
    }
    expect(attempts.retryAfter('1.2.3.4', 2000)).toBe(59_000);
    expect(attempts.retryAfter('5.6.7.8', 2000)).toBe(0);
    expect(attempts.retryAfter('1.2.3.4', 61_000)).toBe(0);
  });
});
