/**
 * A small bounded cache of review answers (TokenReview, SubjectAccessReview) for the
 * metrics filter: each entry lives for the TTL its answer asks for and the cache holds at
 * most `maxEntries`, dropping the least recently used first (a Map kept in use order).
 * `now` is injectable so tests step the clock instead of waiting.
 * @module
 */

export interface ReviewCacheOptions {
  /** Entries held at once. Default 1024. */
  maxEntries?: number;
  now?: () => number;
}

export class ReviewCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ReviewCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1024;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value for `key`, or undefined (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}
