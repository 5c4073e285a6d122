/**
 * jest helpers for integration suites.
 *
 * - `describeWithControlPlane(name, fn)`: a `describe` that is skipped, with its reason in
 *   the title, when the global setup found no control plane (never in CI: there the setup fails).
 * - `useControlPlane(options)`: a control plane of the suite's own, started in `beforeAll`
 *   and stopped in `afterAll`.
 * - `sharedKubeConfig()`: the admin KubeConfig of the global setup's control plane.
 * - `operantMatchers`: `toHaveCondition(type, status)`, `toBeOwnedBy(owner)` and
 *   `toHaveDependents(primary, children)` (on a fake client or harness), for `expect.extend`.
 * - `KUBECONFIG_VAR`: the variable that hands the shared control plane's kubeconfig file to
 *   child processes.
 *
 * `eventually(check, { timeout, interval })` is at the package root (`@operant/testing`).
 * @module jest
 */
import { afterAll, beforeAll, describe } from '@jest/globals';
import { resolveBinaries } from '../envtest/binaries.js';
import { Environment } from '../envtest/environment.js';
import type { EnvironmentOptions } from '../envtest/environment-options.js';
import { EnvtestError } from '../envtest/errors.js';
import { controlPlaneSkipReason } from './shared.js';

export { operantMatchers } from './matchers.js';
export { KUBECONFIG_VAR, sharedKubeConfig } from './shared.js';

/** `describe` for suites that need the shared control plane. */
export function describeWithControlPlane(name: string, fn: () => void): void {
  describeOrSkip(name, controlPlaneSkipReason(), fn);
}

/**
 * `describe` when `skipReason` is undefined; otherwise `describe.skip` with the reason's
 * first line in the suite's name. For suites that start their own control plane:
 * `describeOrSkip(name, ownControlPlaneSkipReason(options), fn)`.
 */
export function describeOrSkip(name: string, skipReason: string | undefined, fn: () => void): void {
  if (skipReason === undefined) describe(name, fn);
  else describe.skip(`${name} (skipped: ${skipReason.split('\n')[0]})`, fn);
}

/** Why a suite of its own control plane cannot run here, or undefined. Throws in CI. */
export function ownControlPlaneSkipReason(options: EnvironmentOptions = {}): string | undefined {
  if (options.useExistingCluster ?? process.env.USE_EXISTING_CLUSTER === 'true') return undefined;
  try {
    resolveBinaries(
      options.controllerManager ? ['etcd', 'kube-apiserver', 'kube-controller-manager'] : ['etcd', 'kube-apiserver'],
      options,
    );
    return undefined;
  } catch (err) {
    if (EnvtestError.is(err, 'binariesMissing') && process.env.CI !== 'true') return err.message.split('\n')[0];
    throw err;
  }
}

/**
 * Starts an `Environment` before the suite's tests and stops it after them. Like
 * `new Environment(options)` it runs no kube-controller-manager unless `controllerManager`
 * is given; the global setup's shared control plane runs one with `DEFAULT_CONTROLLERS`.
 */
export function useControlPlane(options: EnvironmentOptions = {}, startTimeoutMs = 180_000): Environment {
  const env = new Environment(options);
  beforeAll(async () => {
    await env.start();
  }, startTimeoutMs);
  afterAll(async () => {
    await env.stop();
  }, 60_000);
  return env;
}
