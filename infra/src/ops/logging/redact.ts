/**
 * What a log line must never carry: an e-mail address, as typed or
 * percent-encoded in a path (`a%40b.example`), and the query string of a URL (reset and
 * verification tokens travel there).
 */
// The local part without `/`, so that in a path only the address's own segment is replaced.
// A maximal run of local-part characters: matched once each, so the scan is linear.
const localRun = /[\w.!#$%&'*+=?^`{|}~-]+/g;
// The domain after the separator, from where it starts (sticky): dot-separated labels.
const domain = /[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/y;
const isDomainChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9-]/.test(char);

/**
 * Where the separator of an address whose local part starts the run of local-part characters
 * `run` (at `start` in `text`) is, and how long it is; undefined when there is none. The local
 * part is the longest one that a separator and a domain follow: the whole run when an `@` ends
 * it, else up to the run's last `%40` (its characters are local-part characters too). Only the
 * run is searched, so that the runs of a line are read once in all.
 */
function separatorOf(text: string, start: number, run: string): { at: number; length: number } | undefined {
  const end = start + run.length;
  if (text[end] === '@' && isDomainChar(text[end + 1])) return { at: end, length: 1 };
  for (let at = run.lastIndexOf('%40'); at > 0; at = run.lastIndexOf('%40', at - 1)) {
    if (isDomainChar(run[at + 3])) return { at: start + at, length: 3 };
  }
  return undefined;
}

/**
 * Replaces every e-mail address in `text` with `<email>`: a local part, `@` (or `%40`, as in a
 * percent-encoded path) and a domain. Linear in the text's length: a log line may carry a
 * request's path of many kilobytes, and a backtracking pattern took seconds over one, while
 * the event loop served no one.
 */
export function redactEmails(text: string): string {
  if (!text.includes('@') && !text.includes('%40')) return text;
  let out = '';
  let copied = 0;
  localRun.lastIndex = 0;
  for (let run = localRun.exec(text); run !== null; run = localRun.exec(text)) {
    const start = run.index;
    const separator = separatorOf(text, start, run[0]);
    if (!separator) continue;
    domain.lastIndex = separator.at + separator.length;
    domain.test(text);
    out += `${text.slice(copied, start)}<email>`;
    copied = domain.lastIndex;
    localRun.lastIndex = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
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
