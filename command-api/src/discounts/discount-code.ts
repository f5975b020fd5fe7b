import { timingSafeEqual } from 'node:crypto';
import { discountCodeKey } from '@nocturne/domain';

/** DISCOUNT_CODE compared case-insensitively, in constant time. */
export function isValidDiscountCode(candidate: string, code: string): boolean {
  const given = Buffer.from(discountCodeKey(candidate));
  const expected = Buffer.from(discountCodeKey(code));
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}
