import { describe, expect, it } from '@jest/globals';
import { type Logger, noopLogger } from '../api/logger.js';
import { TerminalError } from '../api/terminal-error.js';
import { applyOutcome, decideOutcome } from './outcome.js';

// The table alone; packages/testing/src/fake/reconcile-outcomes.spec.ts runs the same rows
// through the Controller and the reconcile harness.
describe('decideOutcome', () => {
  it('requeues at the priority the Result names, else at the one the key was handed out at', () => {
    expect(decideOutcome({ ok: true, value: { requeueAfter: 10, priority: 7 } }, -100).action).toEqual({
      type: 'addAfter',
      afterMs: 10,
      priority: 7,
    });
    expect(decideOutcome({ ok: true, value: { requeue: true } }, -100).action).toEqual({
      type: 'addRateLimited',
      priority: -100,
    });
  });

  it('retries an error at the priority the key was handed out at', () => {
    expect(decideOutcome({ ok: false, error: new Error('x') }, 3)).toMatchObject({
      action: { type: 'addRateLimited', priority: 3 },
      result: 'error',
      terminal: false,
    });
  });

  it('retries an abandoned run only once it settles, and logs the error it is given', () => {
    const error = new Error('unable to reconcile Widget ns/a: timed out');
    const outcome = decideOutcome({ abandoned: { why: 'timed out', error } }, 0);
    expect(outcome).toMatchObject({ action: { type: 'retryWhenSettled', priority: 0 }, result: 'error' });
    expect(outcome.log?.message).toMatch(/^reconciler timed out; releasing its worker/);
    expect(outcome.log?.error).toBe(error);
  });
});

describe('applyOutcome', () => {
  const queue = () => {
    const calls: unknown[][] = [];
    return {
      calls,
      forget: (key: string) => void calls.push(['forget', key]),
      addWithOptions: (key: string, options: object) => void calls.push(['add', key, options]),
      numRequeues: () => 2,
    };
  };
  const logger = (lines: unknown[][]): Logger => ({ ...noopLogger, error: (m, f) => void lines.push([m, f]) });

  it('forgets before adding after a delay, and logs nothing for a Result', () => {
    const q = queue();
    const lines: unknown[][] = [];
    applyOutcome(q, 'ns/a', decideOutcome({ ok: true, value: { requeueAfter: 5 } }, 0), logger(lines));
    expect(q.calls).toEqual([
      ['forget', 'ns/a'],
      ['add', 'ns/a', { afterMs: 5, priority: 0 }],
    ]);
    expect(lines).toEqual([]);
  });

  it('logs an error with the requeue count after adding it rate-limited, a terminal error without', () => {
    const q = queue();
    const lines: unknown[][] = [];
    const error = new Error('boom');
    const terminal = new TerminalError(error);
    applyOutcome(q, 'ns/a', decideOutcome({ ok: false, error }, 0), logger(lines));
    applyOutcome(q, 'ns/a', decideOutcome({ ok: false, error: terminal }, 0), logger(lines));
    expect(lines).toEqual([
      ['reconciler error', { error, requeues: 2 }],
      ['reconciler returned a terminal error; not requeueing', { error: terminal }],
    ]);
  });

  it('does nothing to the queue for an abandoned run', () => {
    const q = queue();
    applyOutcome(q, 'ns/a', decideOutcome({ abandoned: { why: 'x', error: new Error('x') } }, 0), noopLogger);
    expect(q.calls).toEqual([]);
  });
});
