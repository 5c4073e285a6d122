/**
 * The jest matcher `toSurviveTorture(options)`: `await expect(setup).toSurviveTorture({ kubeConfig, scenario, kinds })`
 * runs `torture` on the controller `setup` registers and passes when every perturbed run
 * ended as the reference did (with `generate`: when every generated sequence converged); its
 * failure message is the divergence's report or the shrunk counterexample, ending with the
 * replay. Installed with the other matchers by `expect.extend(operantMatchers)`.
 * @module
 */
import type { TortureOptions } from '../torture/options.js';
import { torture } from '../torture/torture.js';

export async function toSurviveTorture(received: unknown, options: Omit<TortureOptions, 'setup'>) {
  if (typeof received !== 'function') {
    throw new TypeError(
      `toSurviveTorture: expected the controller's setup (a function, a @Controller class or a @Module), got ${typeof received}`,
    );
  }
  const report = await torture({ ...options, setup: received as TortureOptions['setup'] });
  const runs = `${report.runs.length} runs in ${(report.durationMs / 1000).toFixed(1)} s`;
  const failure = report.divergence?.message ?? report.counterexample?.message;
  const survived = options.generate === undefined ? 'every run ended as the reference did' : 'every sequence converged';
  return {
    pass: failure === undefined,
    message: () =>
      failure === undefined
        ? `expected the controller not to survive torture, but ${survived} (${runs})`
        : `expected the controller to survive torture (${runs}):\n${failure}`,
  };
}

declare module 'expect' {
  interface Matchers<R> {
    /**
     * Runs `torture` on the controller the received function registers (`TortureOptions.setup`);
     * passes when no perturbed run diverged. Await it.
     */
    toSurviveTorture(options: Omit<TortureOptions, 'setup'>): Promise<R>;
  }
}
