/**
 * The profile's masked e-mail: a local part of 4 characters or fewer shows
 * its first character, otherwise its first 2 and last 2; the hidden part is always "***" so the
 * mask does not give away the length. The domain is shown.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at) : '';
  if (local.length === 0) return email;
  const masked = local.length <= 4 ? `${local[0]}***` : `${local.slice(0, 2)}***${local.slice(-2)}`;
  return `${masked}${domain}`;
}
