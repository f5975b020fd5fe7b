import { HttpError } from './errors';

/** A UTF-16 surrogate without its other half: it has no UTF-8 form, so no store can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  // PostgreSQL text (and jsonb) refuses NUL; EventStoreDB would store it and then stop readers.
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/**
 * The first text in `value` (a parsed body, params or a single field, walked without recursion so
 * that deep nesting cannot overflow the stack) that the event store cannot hold, as
 * "field: problem"; null when every string, key included, is storable.
 */
export function unstorableText(value: unknown, name = ''): string | null {
  const pending: [unknown, string][] = [[value, name]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      // A field deep in a nested body is named by its last steps only: the detail stays short.
      if (problem) return path ? `${path.length > 80 ? `…${path.slice(-80)}` : path}: ${problem}` : problem;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        const keyProblem = problemOf(key);
        if (keyProblem) return `${path || 'field name'}: ${keyProblem}`;
        pending.push([inner, at]);
      }
    }
  }
  return null;
}

/** Refuses with 400 `{detail}` text the store cannot hold, before anything is decided or written. */
export function requireStorableText(value: unknown, name = ''): void {
  const problem = unstorableText(value, name);
  if (problem) throw new HttpError(400, problem);
}
