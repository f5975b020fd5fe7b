import { timingSafeEqual } from 'node:crypto';

const equal = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * INVITE_CODES (spec.md section 5): a code of digits only is compared exactly, any other
 * case-insensitively. Checked on the server only; the codes never reach the browser.
 */
export function isValidInviteCode(candidate: string, codes: readonly string[]): boolean {
  const input = candidate.trim();
  if (!input) return false;
  return codes.some((code) =>
    /^\d+$/.test(code) ? equal(input, code) : equal(input.toLowerCase(), code.toLowerCase()),
  );
}
