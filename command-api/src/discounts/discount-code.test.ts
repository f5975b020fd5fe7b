import { describe, expect, it } from 'vitest';
import { isValidDiscountCode } from './discount-code';

describe('discount code', () => {
  it('matches case-insensitively and nothing else', () => {
    expect(isValidDiscountCode('nocturne30', 'NOCTURNE30')).toBe(true);
    expect(isValidDiscountCode(' Nocturne30 ', 'NOCTURNE30')).toBe(true);
    expect(isValidDiscountCode('NOCTURNE3', 'NOCTURNE30')).toBe(false);
    expect(isValidDiscountCode('', 'NOCTURNE30')).toBe(false);
    expect(isValidDiscountCode('', '')).toBe(false);
  });
});
