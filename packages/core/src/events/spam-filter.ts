/**
 * The spam filter of core/v1 Events (client-go's `EventSourceObjectSpamFilter` in
 * `tools/record`): a token bucket per source, object and type, 25 Events at once and one
 * more every 5 minutes; an Event without a token is not written. The most recent 4096
 * keys are kept.
 * @module
 */

export interface SpamFilterOptions {
  /** Default 25 (client-go's `defaultSpamBurst`). */
  burst?: number;
  /** Tokens per second. Default 1/300 (`defaultSpamQPS`). */
  qps?: number;
  /** Default 4096 (`maxLruCacheEntries`). */
  maxKeys?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class SpamFilter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly burst: number;
  private readonly qps: number;
  private readonly maxKeys: number;

  constructor(options: SpamFilterOptions = {}) {
    this.burst = options.burst ?? 25;
    this.qps = options.qps ?? 1 / 300;
    this.maxKeys = options.maxKeys ?? 4096;
  }

  /** True when the Event under `key` may be written now (and takes its token). */
  accept(key: string, now: number): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    this.buckets.delete(key);
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.qps);
    bucket.at = now;
    const accepted = bucket.tokens >= 1;
    if (accepted) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    return accepted;
  }
}
