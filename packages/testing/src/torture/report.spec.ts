import { describe, expect, it } from '@jest/globals';
import { counterexampleMessage, divergenceMessage } from './report.js';

const base = {
  perturbation: { kind: 'crash' as const, seed: 1, point: 'after-1' },
  replay: 'crash:1:after-1',
  reference: {},
  state: {},
  problem: undefined,
  violations: [],
  diff: [],
};

describe('divergenceMessage', () => {
  it('says what was injected where, what differs, what broke, and how to replay it', () => {
    const message = divergenceMessage({
      ...base,
      injection: { what: 'crash after write 1', on: 'create Gizmo ns/web-*', controller: 'gadget', reconcile: 2 },
      diff: ['+ Gizmo web-<generated>: 2 in this run, 1 in the reference'],
      violations: ['one Gizmo per Gadget: 2 Gizmos'],
    });
    expect(message).toBe(
      [
        'the end state diverged under crash:1:after-1',
        '  injected: crash after write 1 on create Gizmo ns/web-* (controller gadget, reconcile 2)',
        '  differences from the reference end state:',
        '    + Gizmo web-<generated>: 2 in this run, 1 in the reference',
        '  invariants broken:',
        '    one Gizmo per Gadget: 2 Gizmos',
        "  replay: torture({ ...options, replay: 'crash:1:after-1' }) or OPERANT_TORTURE_REPLAY=crash:1:after-1",
      ].join('\n'),
    );
  });

  it('says so when the run never reached its point or did not finish', () => {
    const message = divergenceMessage({
      ...base,
      injection: undefined,
      problem: 'step 1 (apply Gadget web) did not become quiet within 100 ms',
    });
    expect(message.split('\n').slice(1, 3)).toEqual([
      '  injected: nothing (the run did not reach the point)',
      '  the run did not finish: step 1 (apply Gadget web) did not become quiet within 100 ms',
    ]);
  });
});

describe('counterexampleMessage', () => {
  it('shows the shrunk sequence, the step that did not converge, and how to replay it', () => {
    const message = counterexampleMessage({
      seed: 1,
      replay: 'generated:1:1:0',
      sequence: ['1. create Flock generated with spec {"replicas":0}'],
      steps: [],
      problem: 'step 1 (apply Flock generated) did not become quiet: an error loop',
      runs: 2,
      shrinks: 4,
    });
    expect(message.split('\n')).toEqual([
      'a generated sequence did not converge (2 sequences, then 4 shrinks; seed 1)',
      '  the shrunk sequence:',
      '    1. create Flock generated with spec {"replicas":0}',
      '  step 1 (apply Flock generated) did not become quiet: an error loop',
      "  replay: torture({ ...options, replay: 'generated:1:1:0' }) or OPERANT_TORTURE_REPLAY=generated:1:1:0",
    ]);
  });
});
