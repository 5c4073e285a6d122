/**
 * `eventually(check, { timeout, interval })`: retries an assertion until it passes or the
 * timeout passes, then throws its last error (Gomega's `Eventually`, which
 * controller-runtime tests use for anything a controller does asynchronously).
 * @module
 */

export interface EventuallyOptions {
  /** How long to keep trying, in ms. Default 20 s. */
  timeout?: number;
  /** Pause between tries, in ms. Default 100. */
  interval?: number;
}

/** Resolves with `check`'s first result that does not throw; rejects with its last error after `timeout`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: EventuallyOptions | number = {},
  intervalMs?: number,
): Promise<T> {
  // the positional form (timeoutMs, intervalMs) is kept for existing callers
  const { timeout = 20_000, interval = intervalMs ?? 100 } =
    typeof options === 'number' ? { timeout: options, interval: intervalMs } : options;
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}
