/**
 * Which controller a client call runs for: the controller runs each reconcile inside
 * `runForController`, and the manager's client reads `currentController()` to tag its
 * status writes (so that the controller can recognise the watch event echoing its own
 * write) and to honour the controller's `readYourWrites` option on cached reads.
 * Outside a reconcile there is no controller (undefined).
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WriteOrigin {
  /** The controller's name. */
  controller: string;
  /** The controller's `readYourWrites` option (default true). */
  readYourWrites: boolean;
}

const origin = new AsyncLocalStorage<WriteOrigin>();

/** Runs `fn` (a reconcile) on behalf of a controller. */
export function runForController<R>(o: WriteOrigin, fn: () => R): R {
  return origin.run(o, fn);
}

/** The controller the current reconcile belongs to, if any. */
export function currentController(): WriteOrigin | undefined {
  return origin.getStore();
}
