// One list of reconcile outcomes run through both drivers of core's outcome table
// (controller/outcome.ts): the runtime's Controller (real timers, a channel source) and the
// reconcile harness (fake client and clock). Each must show the same queue action, the same
// `result` label, terminal and panic flags, and the same error log line with the same keys.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { type Logger, type Reconciler, type Result, TerminalError } from '@operant/core';
import { enqueueRequestForObject } from '@operant/core/handler';
import type { LogFields } from '@operant/core/log';
import { channel } from '@operant/core/source';
// the Controller is not public: this spec runs the real one beside the harness, from core's source
import { Controller } from '../../../core/src/controller/controller.js';
import type { ReconcileOutcome } from '../../../core/src/controller/metrics.js';
import { eventually } from '../eventually.js';
import { fakeClient } from './builder.js';
import { ReconcileHarness } from './harness.js';

/** What a driver saw of the first reconcile of one key. */
interface Seen {
  action: string;
  result: ReconcileOutcome;
  terminal: boolean;
  panic: boolean;
  errors: { message: string; error: unknown; keys: string[] }[];
}

interface Driver {
  name: string;
  /** Whether the driver honours `reconcileTimeoutMs`. */
  timeouts: boolean;
  /** Runs `first` once for ConfigMap ns/cm (later runs return done) and reports what followed. */
  run(first: Reconciler['reconcile'], timeoutMs?: number): Promise<Seen>;
}

interface LogLine {
  level: string;
  message: string;
  fields: LogFields;
}

const recordingLogger = (lines: LogLine[], fields: LogFields = {}): Logger => {
  const at =
    (level: string) =>
    (message: string, more: LogFields = {}) =>
      lines.push({ level, message, fields: { ...fields, ...more } });
  return {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: (more) => recordingLogger(lines, { ...fields, ...more }),
  };
};

const errorsOf = (lines: LogLine[]): Seen['errors'] =>
  lines
    .filter((l) => l.level === 'error')
    .map(({ message, fields }) => ({ message, error: fields.error, keys: Object.keys(fields).sort() }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stops: AbortController[] = [];
const harnesses: ReconcileHarness[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort();
  for (const h of harnesses.splice(0)) h.stop();
});

/** The runtime's Controller: its queue's calls are recorded, then sorted into the table's actions. */
const controllerDriver: Driver = {
  name: 'Controller',
  timeouts: true,
  async run(first, timeoutMs) {
    const lines: LogLine[] = [];
    const reports: Omit<Seen, 'action' | 'errors'>[] = [];
    let runs = 0;
    const controller = new Controller(
      'outcomes',
      { reconcile: (req, ctx) => (++runs === 1 ? first(req, ctx) : Promise.resolve({})) },
      {
        kind: 'ConfigMap',
        logger: recordingLogger(lines),
        metrics: { reconciled: (_c, result, _s, terminal, panic) => reports.push({ result, terminal, panic }) },
        reconcileTimeoutMs: timeoutMs,
        reconcileTimeoutGraceMs: 0,
      },
    );
    const now: string[] = [];
    const later: string[] = [];
    const record = (call: string) => {
      if (runs === 1) (reports.length === 0 ? now : later).push(call);
    };
    const queue = controller.queue;
    const forget = queue.forget.bind(queue);
    const addWithOptions = queue.addWithOptions.bind(queue);
    queue.forget = (key) => {
      record('forget');
      forget(key);
    };
    queue.addWithOptions = (key, options) => {
      record(options.rateLimited ? 'addRateLimited' : `addAfter ${options.afterMs}`);
      addWithOptions(key, options);
    };
    const events = new EventEmitter();
    const stop = new AbortController();
    stops.push(stop);
    await controller.watch(channel(events, enqueueRequestForObject()));
    void controller.start(stop.signal);
    await sleep(0);
    events.emit('event', { metadata: { namespace: 'ns', name: 'cm' } });
    await eventually(() => expect(reports.length > 0 && now.length + later.length > 0).toBe(true), {
      timeout: 5000,
      interval: 2,
    });
    const action =
      now.length === 0
        ? `retryWhenSettled, then ${later.join(', ')}`
        : now.filter((call, i) => !(call === 'forget' && now[i + 1]?.startsWith('addAfter'))).join(', ');
    return { ...(reports[0] as Seen), action, errors: errorsOf(lines) };
  },
};

/** The reconcile harness: the action is read off the fake clock (when, if ever, the key ran again). */
const harnessDriver: Driver = {
  name: 'ReconcileHarness',
  timeouts: false,
  async run(first) {
    const lines: LogLine[] = [];
    const reports: Omit<Seen, 'action' | 'errors'>[] = [];
    const client = fakeClient()
      .withObjects({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'ns', name: 'cm' } })
      .build();
    const h = new ReconcileHarness({
      client,
      logger: recordingLogger(lines),
      metrics: { reconciled: (_c, result, _s, terminal, panic) => reports.push({ result, terminal, panic }) },
    });
    harnesses.push(h);
    let runs = 0;
    h.controllerManagedBy()
      .named('outcomes')
      .for(V1ConfigMap)
      .complete({ reconcile: (req, ctx) => (++runs === 1 ? first(req, ctx) : Promise.resolve({})) });
    await h.run({ maxSteps: 1 });
    const errors = errorsOf(lines);
    await h.run({ maxSteps: 1, advance: 600_000 });
    const again = h.processed[1]?.at;
    // the default rate limiter's first backoff is 5 ms
    const action = again === undefined ? 'forget' : again === 5 ? 'addRateLimited' : `addAfter ${again}`;
    return { ...(reports[0] as Seen), action, errors };
  },
};

const reconcileIDKeys = ['controller', 'controllerKind', 'error', 'name', 'namespace', 'reconcileID'];
const requeueKeys = [...reconcileIDKeys, 'requeues'].sort();

interface Case {
  name: string;
  reconcile: Reconciler['reconcile'];
  /** What `reconcile` throws: the log line must carry this very value. */
  error?: unknown;
  timeoutMs?: number;
  expected: Omit<Seen, 'errors'> & { log?: { message: string | RegExp; keys: string[] } };
}

const returning =
  (result: Result | undefined): Reconciler['reconcile'] =>
  async () =>
    result;
/** A case whose reconcile rejects with `error`. */
const failing = (name: string, error: unknown, expected: Case['expected']): Case => ({
  name,
  error,
  reconcile: async () => {
    throw error;
  },
  expected,
});
const syncError = new Error('sync');
const ok = { terminal: false, panic: false };

const cases: Case[] = [
  { name: 'done (nothing)', reconcile: returning(undefined), expected: { action: 'forget', result: 'success', ...ok } },
  { name: 'done ({})', reconcile: returning({}), expected: { action: 'forget', result: 'success', ...ok } },
  {
    name: 'requeue: true',
    reconcile: returning({ requeue: true }),
    expected: { action: 'addRateLimited', result: 'requeue', ...ok },
  },
  {
    name: 'requeueAfter 0 (as done)',
    reconcile: returning({ requeueAfter: 0 }),
    expected: { action: 'forget', result: 'success', ...ok },
  },
  {
    name: 'requeueAfter > 0 (forget, then add after it)',
    reconcile: returning({ requeueAfter: 60_000 }),
    expected: { action: 'addAfter 60000', result: 'requeue_after', ...ok },
  },
  {
    name: 'requeueAfter > 0 wins over requeue: true',
    reconcile: returning({ requeue: true, requeueAfter: 60_000 }),
    expected: { action: 'addAfter 60000', result: 'requeue_after', ...ok },
  },
  failing('a thrown Error', new Error('boom'), {
    action: 'addRateLimited',
    result: 'error',
    ...ok,
    log: { message: 'reconciler error', keys: requeueKeys },
  }),
  failing('a TerminalError', new TerminalError(new Error('invalid spec')), {
    action: 'forget',
    result: 'error',
    terminal: true,
    panic: false,
    log: { message: 'reconciler returned a terminal error; not requeueing', keys: reconcileIDKeys },
  }),
  failing('an error wrapping a TerminalError (cause)', new Error('outer', { cause: new TerminalError('inner') }), {
    action: 'forget',
    result: 'error',
    terminal: true,
    panic: false,
    log: { message: 'reconciler returned a terminal error; not requeueing', keys: reconcileIDKeys },
  }),
  // TypeScript cannot return a Result and throw; an error that carries one is still an error
  failing(
    'an error carrying a result (the result is ignored)',
    Object.assign(new Error('both'), { requeueAfter: 60_000 }),
    { action: 'addRateLimited', result: 'error', ...ok, log: { message: 'reconciler error', keys: requeueKeys } },
  ),
  failing('a programming error (TypeError): a panic', new TypeError('undefined is not a function'), {
    action: 'addRateLimited',
    result: 'error',
    terminal: false,
    panic: true,
    log: { message: 'reconciler error', keys: requeueKeys },
  }),
  failing('a throw of a non-Error', 'boom', {
    action: 'addRateLimited',
    result: 'error',
    ...ok,
    log: { message: 'reconciler error', keys: requeueKeys },
  }),
  {
    name: 'a synchronous throw',
    error: syncError,
    reconcile: () => {
      throw syncError;
    },
    expected: {
      action: 'addRateLimited',
      result: 'error',
      ...ok,
      log: { message: 'reconciler error', keys: requeueKeys },
    },
  },
  {
    name: 'a run past its timeout and grace (abandoned)',
    timeoutMs: 20,
    reconcile: () => sleep(100).then(() => ({})),
    expected: {
      action: 'retryWhenSettled, then addRateLimited',
      result: 'error',
      ...ok,
      log: { message: /^reconciler timed out after 20 ms/, keys: reconcileIDKeys },
    },
  },
];

describe.each([controllerDriver, harnessDriver])('the reconcile outcome table through the $name', (driver) => {
  if (!driver.timeouts) it.skip('(timeout cases: this driver runs without reconcile timeouts)', () => undefined);
  const runnable = cases.filter((c) => c.timeoutMs === undefined || driver.timeouts);
  it.each(runnable)('$name', async ({ reconcile, error, timeoutMs, expected }) => {
    const seen = await driver.run(reconcile, timeoutMs);
    const { log, ...rest } = expected;
    expect({ action: seen.action, result: seen.result, terminal: seen.terminal, panic: seen.panic }).toEqual(rest);
    if (log === undefined) {
      expect(seen.errors).toEqual([]);
      return;
    }
    expect(seen.errors).toHaveLength(1);
    expect(seen.errors[0]?.message).toMatch(log.message);
    expect(seen.errors[0]?.keys).toEqual(log.keys);
    if (error !== undefined) expect(seen.errors[0]?.error).toBe(error);
  });
});
