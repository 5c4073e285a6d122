/**
 * The one error class of the envtest module. `kind` says what went wrong; messages say
 * "unable to …" and carry the tail of the failing process's output where there is one.
 * @module
 */
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

export class EnvtestError extends Error {
  readonly [brand] = true;
  constructor(
    readonly kind: EnvtestErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'EnvtestError';
  }

  static is(value: unknown, kind?: EnvtestErrorKind): value is EnvtestError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [brand]?: unknown })[brand] === true &&
      (kind === undefined || (value as EnvtestError).kind === kind)
    );
  }
}
