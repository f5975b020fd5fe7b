import { createHash } from 'node:crypto';
import type { CachedBody } from './cached-body';

export interface PersonalAnswersOptions {
  /** How many answers are kept (least recently used go first). */
  maxEntries?: number;
  /** The longest an answer is kept (ms): a session that expires by the clock alone ends by then. */
  maxAgeMs?: number;
}

/**
 * A reader's own list answers, kept briefly so that a reader who asks again (landing, profile,
 * a revalidation) costs one lookup. The key is the digest of their Authorization header (never
 * shared between viewers), the list snapshot's position and the position the read models are
 * known to have reached (Consistency.known()): any projected batch (an unlock, a grant, a
 * logout) moves the latter, so an answer is never served past a change it did not see, and a
 * request with X-Min-Position has moved it to at least that position before it looks.
 */
export class PersonalAnswers<Answer = CachedBody> {
  private readonly entries = new Map<string, { body: Answer; at: number }>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(options: PersonalAnswersOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5000;
  }

  static key(authorization: string, snapshotPosition: number, known: number, page: string): string {
    const viewer = createHash('sha256').update(authorization).digest('base64url');
    return `${viewer}:${snapshotPosition}:${known}:${page}`;
  }

  get(key: string, now = Date.now()): Answer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.at > this.maxAgeMs) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.body;
  }

  set(key: string, body: Answer, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { body, at: now });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
