/**
 * A reconcile run as a promise that never rejects, and a bounded wait on it: the controller
 * waits `reconcileTimeoutMs + reconcileTimeoutGraceMs` at most, then abandons the run (its
 * worker takes the next key) while the run goes on until it settles.
 * @module
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Calls `fn` now; a synchronous throw and a rejection both become `{ ok: false }`. */
export function settle<T>(fn: () => T | PromiseLike<T>): Promise<Settled<T>> {
  return (async () => fn())().then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error }),
  );
}

/** What `run` settles to, or `undefined` when it has not settled within `ms` (the run goes on). */
export async function within<T>(run: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
    timer.unref();
  });
  try {
    return await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}
