/**
 * `ServerError`, what the servers' shared parts throw, with a `kind`: today a serving
 * certificate and key that are missing or do not load (`certificate`). The webhook server
 * and the manager's secure metrics server let it through as it is.
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/crd/metadata';

const brand: unique symbol = Symbol.for('@operant/core/ServerError');

export type ServerErrorKind =
  /** The serving certificate and key are missing, unreadable or do not make a pair. */
  'certificate';

const reasons: Record<ServerErrorKind, OperantErrorReason> = {
  certificate: 'Config',
};

export class ServerError extends OperantError {
  readonly [brand] = true;

  constructor(
    readonly kind: ServerErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(reasons[kind], message, options);
    this.name = 'ServerError';
  }

  static is(value: unknown, kind?: ServerErrorKind): value is ServerError {
    return OperantError.branded(value, brand, kind);
  }
}
