/**
 * The one error class of the envtest module. `kind` says what went wrong; messages say
 * "unable to …" and carry the tail of the failing process's output where there is one.
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/crd/metadata';

const brand: unique symbol = Symbol.for('@operant/testing/EnvtestError');

export type EnvtestErrorKind =
  | 'binariesMissing'
  | 'invalidConfig'
  | 'startFailed'
  | 'startTimeout'
  | 'stopFailed'
  | 'crdInstall'
  | 'webhookInstall'
  | 'notStarted'
  | 'stopped';

const reasons: Record<EnvtestErrorKind, OperantErrorReason> = {
  binariesMissing: 'NotFound',
  invalidConfig: 'Config',
  startFailed: 'Failed',
  startTimeout: 'Timeout',
  stopFailed: 'Failed',
  crdInstall: 'Failed',
  webhookInstall: 'Failed',
  notStarted: 'State',
  stopped: 'State',
};

export class EnvtestError extends OperantError {
  readonly [brand] = true;
  constructor(
    readonly kind: EnvtestErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(reasons[kind], message, options);
    this.name = 'EnvtestError';
  }

  static is(value: unknown, kind?: EnvtestErrorKind): value is EnvtestError {
    return OperantError.branded(value, brand, kind);
  }
}
