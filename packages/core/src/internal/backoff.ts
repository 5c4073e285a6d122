/**
 * Jittered exponential backoff for reconnects (client-go's reflector uses 800 ms → 30 s),
 * and an abortable `sleep` that leaves no timer behind when its signal fires.
 * @module
 */

export interface BackoffOptions {
  /** First delay in ms (default 800). */
  initialMs?: number;
  /** Cap in ms (default 30 000). */
  maxMs?: number;
  /** Multiplier per failure (default 2). */
  factor?: number;
  /** Each delay is drawn from [d·(1−jitter/2), d·(1+jitter/2)] (default 0.5). */
  jitter?: number;
}

export class Backoff {
  private failures = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;

  constructor(
    options: BackoffOptions = {},
    private readonly random: () => number = Math.random,
  ) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.5;
  }

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const base = Math.min(this.maxMs, this.initialMs * this.factor ** this.failures);
    this.failures++;
    const spread = base * this.jitter;
    return Math.max(0, Math.round(base - spread / 2 + this.random() * spread));
  }

  /** Failures since the last reset. */
  get attempts(): number {
    return this.failures;
  }

  reset(): void {
    this.failures = 0;
  }
}

/** Resolves after `ms`, or early (without rejecting) when `signal` aborts; clears its timer either way. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
