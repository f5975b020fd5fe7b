import { timingSafeEqual } from 'node:crypto';

export const FULL_PRICE = 15;
export const DISCOUNTED_PRICE = 10;

/** DISCOUNT_CODE compared case-insensitively (spec.md section 5), in constant time. */
export function isValidDiscountCode(candidate: string, code: string): boolean {
  const given = Buffer.from(candidate.trim().toLowerCase());
  const expected = Buffer.from(code.trim().toLowerCase());
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}
