/**
 * The order dependents run in, with runners that record when they start and finish, and
 * the `Ready` condition their outcome comes to.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { DependentResult, DependentState } from './dependent.js';
import type { DependentRunner } from './dependent-runner.js';
import { readyCondition } from './ready-condition.js';
import { runDependents } from './workflow.js';

const primary: KubernetesObject = { metadata: { name: 'w', namespace: 'ns', generation: 4 } };
const context = {} as ReconcileContext;

/** A runner that ends in `state` after a turn of the event loop, logging `start:` and `end:` in `log`. */
function runner(name: string, state: DependentState, log: string[], dependsOn: string[] = []): DependentRunner {
  const run = async (): Promise<DependentResult> => {
    log.push(`start:${name}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`end:${name}`);
    return {
      name,
      state,
      children: [],
      applied: [],
      deleted: [],
      message: state === 'ready' ? undefined : `${name} is ${state}`,
    };
  };
  return { name, dependsOn, run } as unknown as DependentRunner;
}

describe('runDependents', () => {
  it('should run independent dependents together and a dependent one after its dependencies', async () => {
    const log: string[] = [];
    const outcome = await runDependents(
      [
        runner('deployment', 'ready', log, ['config', 'secret']),
        runner('config', 'ready', log),
        runner('secret', 'inactive', log),
      ],
      primary,
      context,
    );
    expect(log).toEqual([
      'start:config',
      'start:secret',
      'end:config',
      'end:secret',
      'start:deployment',
      'end:deployment',
    ]);
    expect(outcome.ready).toBe(true);
    expect(Object.keys(outcome.results)).toEqual(['deployment', 'config', 'secret']);
  });

  it('should not run a dependent whose dependency is not ready, nor the ones waiting on it', async () => {
    const log: string[] = [];
    const outcome = await runDependents(
      [
        runner('config', 'notReady', log),
        runner('deployment', 'ready', log, ['config']),
        runner('service', 'ready', log, ['deployment']),
      ],
      primary,
      context,
    );
    expect(log).toEqual(['start:config', 'end:config']);
    expect(outcome.ready).toBe(false);
    expect(outcome.results.deployment).toEqual({
      name: 'deployment',
      state: 'waiting',
      children: [],
      applied: [],
      deleted: [],
      message: 'waits for config',
    });
    expect(outcome.results.service?.message).toBe('waits for deployment');
  });
});

describe('readyCondition', () => {
  const outcome = (...states: DependentState[]) => ({
    primary,
    ready: false,
    results: Object.fromEntries(
      states.map((state, i) => [
        `d${i}`,
        { name: `d${i}`, state, children: [], applied: [], deleted: [], message: `d${i} is ${state}` },
      ]),
    ),
  });

  it('should be True when every dependent is ready or inactive, with the observed generation', () => {
    expect(readyCondition(outcome('ready', 'inactive'))).toEqual([
      {
        type: 'Ready',
        status: 'True',
        reason: 'DependentsReady',
        message: 'every dependent is ready',
        observedGeneration: 4,
      },
    ]);
  });

  it('should be False with the most pressing reason and each dependent that is not ready', () => {
    expect(readyCondition(outcome('waiting', 'ready', 'notReady'))).toEqual([
      {
        type: 'Ready',
        status: 'False',
        reason: 'NotReady',
        message: 'd0: d0 is waiting; d2: d2 is notReady',
        observedGeneration: 4,
      },
    ]);
    expect(readyCondition(outcome('conflict', 'failed'))[0]?.reason).toBe('Failed');
    expect(readyCondition(outcome('waiting', 'conflict'))[0]?.reason).toBe('Conflict');
    expect(readyCondition(outcome('waiting'))[0]?.reason).toBe('Waiting');
  });
});
