/**
 * What a log line must never carry: an e-mail address, as typed or
 * percent-encoded in a path (`a%40b.example`), and the query string of a URL (reset and
 * verification tokens travel there).
 */
// The local part without `/`, so that in a path only the address's own segment is replaced.
const emailPattern = /[\w.!#$%&'*+=?^`{|}~-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/gi;

/** Replaces every e-mail address in `text` with `<email>`. */
export function redactEmails(text: string): string {
  return text.replace(emailPattern, '<email>');
}

/**
 * A request's path as a log line may show it: no query string, and a segment that is an
 * e-mail address (`DELETE /api/admin/users/{email}`) replaced by `<email>`.
 */
export function loggablePath(url: string): string {
  const queryAt = url.search(/[?#]/);
  return redactEmails(queryAt < 0 ? url : url.slice(0, queryAt));
}

/**
 * A service URL as a log line or the banner may show it: its user-info hidden, the password and
 * the user name too (a relay's user name is often an address).
 */
export function withoutPassword(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
