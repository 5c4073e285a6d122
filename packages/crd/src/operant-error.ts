/**
 * The base of every Operant error class. `reason` is a stable category shared across the
 * packages (Kubernetes' `metav1.StatusReason` names where one fits; the HTTP `code` stays
 * on the classes that have one), and instances carry the brand `Symbol.for('operant.error')`,
 * so `isOperantError(err)` and each class's `is(err, kind)` recognise an error thrown by
 * another installed copy of a package, where `instanceof` does not. It lives in
 * `@operant/crd`'s light `metadata` entry because every package depends on `@operant/crd`
 * (core, cli and testing import it; it imports none of them).
 * @module
 */
const brand: unique symbol = Symbol.for('operant.error');

export type OperantErrorReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'Gone'
  | 'Timeout'
  | 'TooManyRequests'
  | 'MethodNotAllowed'
  | 'InternalError'
  /** The API server (or another process) could not be reached. */
  | 'Unavailable'
  | 'Aborted'
  /** Wrong options, flags or configuration files. */
  | 'Config'
  /** An admission webhook refused the object. */
  | 'Denied'
  /** An operation was called in the wrong state (already started, not started, stopped). */
  | 'State'
  /** An operation failed; the message and `cause` say why. */
  | 'Failed'
  /** A reconcile error that retrying cannot fix. */
  | 'Terminal';

export class OperantError extends Error {
  readonly [brand] = true;
  constructor(
    readonly reason: OperantErrorReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'OperantError';
  }

  /**
   * For the subclasses' `is(value, kind?)`: true when `value` carries the class brand `key`
   * (a `Symbol.for` symbol, the same in every copy of the package) and, if given, `kind`.
   */
  protected static branded(value: unknown, key: symbol, kind?: string): boolean {
    return carries(value, key, 'kind', kind);
  }
}

/** True when `value` is an Operant error (from any copy of the packages), of `reason` if given. */
export function isOperantError(value: unknown, reason?: OperantErrorReason): value is OperantError {
  return carries(value, brand, 'reason', reason);
}

function carries(value: unknown, key: symbol, field: 'kind' | 'reason', expected: string | undefined): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<symbol | string, unknown>;
  return fields[key] === true && (expected === undefined || fields[field] === expected);
}
