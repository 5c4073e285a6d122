/**
 * `@operant/testing/torture`: a torture tester for reconcilers, after Sieve (OSDI '22).
 *
 * - `torture(options)`: runs a controller on a real control plane (envtest), or on a fake
 *   client (`TortureOptions.backend: 'fake'`, no control plane), through a scenario of user
 *   actions, first cleanly, then under each perturbation — a crash right after each write or
 *   before each status write (`crash`), a failed write (`writeFailure`: conflicts, transport
 *   errors, 429s), a cache that serves an object's earlier state for a while (`staleRead`), a
 *   watch that coalesces an object's updates (`missedState`) — and reports the first run
 *   whose end state differs from the clean one or breaks an invariant, with a one-line
 *   replay (`TortureOptions.replay`, or the environment variable `OPERANT_TORTURE_REPLAY`).
 * - `TortureOptions.generate`: generated scenarios instead (after Acto, SOSP '23): sequences of
 *   specs drawn from the CRD's schema with fast-check, each step checked to converge (quiet,
 *   no error loop, no hot loop, the status caught up); the first failing sequence, shrunk, is
 *   the report's `counterexample`, with its replay `generated:<seed>:<path>`.
 * - `TortureOptions`, `ScenarioStep`: what a torture test is made of (an invariant is
 *   `TortureOptions['invariants']`, a perturbation's name `TortureOptions['perturbations']`).
 * - what `torture` resolves with (`runs`, `reference`, `divergence`: the first one, if any) is
 *   `TortureReport` in report.ts, `Awaited<ReturnType<typeof torture>>` to name it.
 * - `TortureError`: why it could not judge (`kind`: `invalidReplay`, `reference`, `scenario`).
 *
 * The perturbations hook into the manager's client and cache, never into the API server.
 * @module torture
 */
export type { ScenarioStep, TortureOptions } from './options.js';
export { torture } from './torture.js';
export { TortureError } from './torture-error.js';
