/**
 * Liveness and readiness checks, served by the manager on `healthProbeBindAddress`: a `Check`
 * is what `mgr.addHealthzCheck(name, check)` and `mgr.addReadyzCheck(name, check)` take.
 * @module healthz
 */
export type { Check } from './checks.js';
