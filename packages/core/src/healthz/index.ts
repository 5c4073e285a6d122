/**
 * Liveness and readiness checks (`Checks`), served by the manager on `healthProbeBindAddress`.
 * @module healthz
 */
export { type Check, type CheckResponse, Checks } from './checks.js';
