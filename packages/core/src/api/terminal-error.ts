/**
 * An error that retrying cannot fix (an invalid spec, say): the controller logs and counts
 * it (`controller_runtime_terminal_reconcile_errors_total`) and does not requeue the key.
 * It runs again only when a watch event adds the key anew.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';

const brand: unique symbol = Symbol.for('@operant/core/TerminalError');

export class TerminalError extends OperantError {
  readonly [brand] = true;
  constructor(cause: unknown) {
    super('Terminal', cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'TerminalError';
  }

  static is(value: unknown): value is TerminalError {
    return OperantError.branded(value, brand);
  }
}

/** True when `err` is, or wraps (through `cause`), a TerminalError. */
export function isTerminalError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 16; depth++) {
    if (TerminalError.is(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
