/**
 * `eventually(check)`: retries an assertion until it passes or the timeout passes, then
 * throws its last error (Gomega's `Eventually`, which controller-runtime tests use for
 * anything a controller does asynchronously).
 * @module
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
