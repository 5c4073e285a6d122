/**
 * Liveness and readiness checks: a `Check` is a function that resolves (healthy) or throws;
 * the manager serves them on `healthProbeBindAddress` (`addHealthzCheck`, `addReadyzCheck`),
 * and its `healthz` and `readyz` (`CheckEndpoint`) answer as the probe server does.
 * @module healthz
 */
export type { Check, CheckEndpoint, CheckResponse } from './checks.js';
