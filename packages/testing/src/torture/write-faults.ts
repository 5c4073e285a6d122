/**
 * The write side of a run: numbers every write the reconciler makes through the manager's
 * client (across restarts), keeps the trace the reference run's points come from, and at the
 * run's point injects the perturbation: a crash (the manager stops; the write never answers
 * and every later write of that manager is refused) or a failure (a conflict, a transport
 * error before or after the API server applied the write, a 429; see `WriteFailure`).
 * @module
 */
import type { ClientError } from '@operant/core/client';
import * as client from '@operant/core/client';
import { describeObject, type ResourceInfo } from '@operant/core/internal';
import { conflict } from '../fake/status-errors.js';
import type { Perturbation, TracedWrite, WriteFailure } from './perturbation.js';

/** A write about to be made. */
export interface WriteCall {
  verb: 'create' | 'update' | 'patch' | 'apply' | 'delete' | 'deleteAllOf';
  status: boolean;
  info: ResourceInfo;
  namespace: string | undefined;
  name: string | undefined;
}

/** Where and how a perturbation was injected, for the report. */
export interface Injection {
  /** What was done, e.g. "crash after write 3" or "stale read 2". */
  what: string;
  /** The write or read it was injected on, e.g. "create ConfigMap torture-1a2b/web-0". */
  on: string;
  /**
   * The controller whose reconcile it hit (the one reconciling then; several names when
   * several were), and the number of that reconcile (its finished reconciles plus one).
   */
  controller: string | undefined;
  reconcile: number | undefined;
}

const target = (call: WriteCall) =>
  `${call.verb}${call.status ? ' status of' : ''} ${describeObject(call.info, call.namespace, call.name)}`;

const action = (call: WriteCall) => `unable to ${target(call)}`;

/** The write side of one run. `crash` is called (once) when a crash point is reached. */
export class WriteFaults {
  readonly trace: TracedWrite[] = [];
  injection: Injection | undefined;
  private count = 0;

  constructor(
    private readonly perturbation: Perturbation | undefined,
    private readonly crash: () => void,
    private readonly reconciling: () => Promise<Pick<Injection, 'controller' | 'reconcile'>>,
  ) {}

  /**
   * Makes the write `send` as this run's perturbation says. `crashed` is the manager's own
   * fence: true once that manager crashed, and it then writes nothing.
   */
  async write<T>(call: WriteCall, crashed: () => boolean, send: () => Promise<T>): Promise<T> {
    if (crashed()) throw crashError(call);
    const index = ++this.count;
    this.trace.push({ index, verb: call.verb, status: call.status });
    const p = this.perturbation;
    if (p?.kind === 'crash' && p.point === `before-${index}` && call.status) {
      this.inject(`crash before write ${index}`, call);
      this.crash();
      throw crashError(call);
    }
    if (p?.kind === 'writeFailure' && p.point.startsWith(`${index}-`)) {
      return this.fail(call, index, p.point.slice(`${index}-`.length) as WriteFailure, send);
    }
    const result = await send();
    if (p?.kind === 'crash' && p.point === `after-${index}`) {
      this.inject(`crash after write ${index}`, call);
      this.crash();
      throw crashError(call);
    }
    return result;
  }

  private async fail<T>(call: WriteCall, index: number, mode: WriteFailure, send: () => Promise<T>): Promise<T> {
    this.inject(`${describeMode(mode)} on write ${index}`, call);
    if (mode === 'lostResponse') await send();
    throw failure(mode, call);
  }

  private inject(what: string, call: WriteCall): void {
    const injection: Injection = { what, on: target(call), controller: undefined, reconcile: undefined };
    this.injection = injection;
    void this.reconciling().then((where) => Object.assign(injection, where));
  }
}

function describeMode(mode: WriteFailure): string {
  switch (mode) {
    case 'conflict':
      return 'a conflict (409)';
    case 'unavailable':
      return 'a transport error before the request';
    case 'lostResponse':
      return 'a transport error after the API server applied the write';
    case 'tooManyRequests':
      return 'Too Many Requests (429)';
  }
}

function failure(mode: WriteFailure, call: WriteCall): ClientError {
  switch (mode) {
    case 'conflict':
      return conflict(action(call), call.info, call.name ?? '', 'the object has been modified (injected)');
    case 'tooManyRequests':
      return new client.ClientError(
        'tooManyRequests',
        `${action(call)}: the server has received too many requests and has asked us to try again later (injected)`,
        { code: 429 },
      );
    default:
      return new client.ClientError('transport', `${action(call)}: socket hang up (injected)`);
  }
}

function crashError(call: WriteCall): ClientError {
  return new client.ClientError('aborted', `${action(call)}: the manager crashed (injected)`);
}
