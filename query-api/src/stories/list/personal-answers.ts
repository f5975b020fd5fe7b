import { createHash } from 'node:crypto';
import { type CachedBody, SingleFlight } from '@nocturne/http-kit';
import { LRUCache } from 'lru-cache';

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
  /**
   * Kept answers with the time they were made. The age is checked here rather than by the
   * cache's own TTL so that the clock is the caller's (`now`).
   */
  private readonly entries: LRUCache<string, { body: Answer; at: number }>;
  /** The answers being made, by key: one per key at a time (bounded by the requests under way). */
  private readonly making = new SingleFlight<Answer>();
  private readonly maxAgeMs: number;

  constructor(options: PersonalAnswersOptions = {}) {
    this.entries = new LRUCache({ max: options.maxEntries ?? 1000 });
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
    return this.making.join(key, () =>
      make().then((body) => {
        this.set(key, body);
        return body;
      }),
    );
  }

  get(key: string, now = Date.now()): Answer | undefined {
    const entry = this.entries.get(key); // now the most recently used
    if (!entry) return undefined;
    if (now - entry.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: Answer, now = Date.now()): void {
    this.entries.set(key, { body, at: now });
  }
}
