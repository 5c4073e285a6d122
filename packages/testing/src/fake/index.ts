/**
 * `@operant/testing/fake`: fast unit tests of reconcilers without a control plane.
 *
 * - `fakeClient()...build()`: a `FakeClient`, core's `Client` over an in-memory tracker with
 *   the API server's semantics (resourceVersion and conflicts, generation, status
 *   subresource, finalizers, generateName, selectors, indexes, patches, a subset of
 *   server-side apply, dry-run, the real client's error kinds, optional schema validation).
 *   `withCache()` makes it refuse reads of uncached kinds as the manager's client does.
 * - `failWith(kind, match)` and `Interceptor`: inject errors.
 * - `FakeRecorder`: an EventRecorder that keeps events.
 * - `FakeClock`: core's wall and monotonic clocks in one, moving only on `advance(ms)`.
 * - `ReconcileHarness` / `reconcileHarness()`: run controllers (decorated or plain) against
 *   the fake client with a fake clock, until quiescent.
 *
 * `docs/testing.md` lists where the fake deliberately differs from the API server.
 * @module fake
 */
export { fakeClient } from './builder.js';
export { FakeClock } from './clock.js';
export { FakeClient } from './fake-client.js';
export { type HarnessOptions, ReconcileHarness, reconcileHarness } from './harness.js';
export { failWith, type Interceptor, type WriteRecord } from './interceptor.js';
export { FakeRecorder } from './recorder.js';
