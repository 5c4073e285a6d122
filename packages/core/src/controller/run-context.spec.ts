import { describe, expect, it } from '@jest/globals';
import type { LogFields, Logger } from '../api/logger.js';
import { noopLogger } from '../api/logger.js';
import { RunContext } from './run-context.js';

function recordingLogger(children: LogFields[]): Logger {
  return {
    ...noopLogger,
    child: (fields) => {
      children.push(fields);
      return noopLogger;
    },
  };
}

describe('RunContext', () => {
  it('makes the logger child only when it is used, once, with the request and the same reconcileID', () => {
    const children: LogFields[] = [];
    const context = new RunContext(
      { namespace: 'ns', name: 'a' },
      recordingLogger(children),
      new AbortController().signal,
      undefined,
    );
    expect(children).toEqual([]);
    const id = context.reconcileID;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.log).toBe(context.log);
    expect(children).toEqual([{ namespace: 'ns', name: 'a', reconcileID: id }]);
    expect(context.reconcileID).toBe(id);
  });

  it('gives each run its own ID', () => {
    const make = () =>
      new RunContext({ namespace: '', name: 'a' }, noopLogger, new AbortController().signal, undefined);
    expect(make().reconcileID).not.toBe(make().reconcileID);
  });

  it('has a signal of its own that aborts with the hard stop, or with the timeout', () => {
    const stop = new AbortController();
    const timeout = new AbortController();
    const first = new RunContext({ namespace: '', name: 'a' }, noopLogger, stop.signal, timeout.signal);
    const second = new RunContext({ namespace: '', name: 'a' }, noopLogger, stop.signal, undefined);
    expect(first.signal).toBe(first.signal);
    expect(first.signal).not.toBe(stop.signal);
    timeout.abort(new Error('late'));
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    stop.abort(new Error('stopped'));
    expect(second.signal.aborted).toBe(true);
  });

  it("adds the span's trace_id and span_id to the logger of a traced run", () => {
    const children: LogFields[] = [];
    const span = { ids: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) } };
    const context = new RunContext(
      { namespace: 'ns', name: 'a' },
      recordingLogger(children),
      new AbortController().signal,
      undefined,
      span,
    );
    expect(context.hasReconcileID).toBe(false);
    void context.log;
    expect(context.hasReconcileID).toBe(true);
    expect(children).toEqual([
      {
        namespace: 'ns',
        name: 'a',
        reconcileID: context.reconcileID,
        trace_id: 'a'.repeat(32),
        span_id: 'b'.repeat(16),
      },
    ]);
  });
});
