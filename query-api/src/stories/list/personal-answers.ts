import { createHash } from 'node:crypto';
import type { CachedBody } from '@nocturne/http-kit';

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
 *
 * An answer is made once for the requests of its key that come while it is being made (a
 * reader's tabs, a page's requests at once): otherwise, when a kept answer expires under many
 * connections of one reader, each would read, build and Brotli-compress its own side by side
 * (docs/performance.md, "The hot lane").
 */
export class PersonalAnswers<Answer = CachedBody> {
  private readonly entries = new Map<string, { body: Answer; at: number }>();
  /** The answers being made, by key: one per key at a time (bounded by the requests under way). */
  private readonly making = new Map<string, Promise<Answer>>();
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

  /**
   * The answer kept for `key`; else the one being made for it; else `make()`'s, kept once made. A
   * failure is every waiting request's, and is not kept: the next request makes the answer again.
   */
  answer(key: string, make: () => Promise<Answer>): Promise<Answer> {
    const kept = this.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    let making = this.making.get(key);
    if (!making) {
      making = make()
        .then((body) => {
          this.set(key, body);
          return body;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
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
