/**
 * `TortureError`: what `torture` throws when it cannot do its job — not a divergence, which
 * it reports. `kind` says what went wrong: an unreadable `replay` (`invalidReplay`), a
 * reference run that does not become quiet or breaks an invariant (`reference`), a control
 * plane that refuses a scenario step or the run's namespace (`scenario`), options that name
 * no backend to run on (`config`: no `kubeConfig` without `backend: 'fake'`).
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/crd/metadata';

const brand: unique symbol = Symbol.for('@operant/testing/TortureError');

export type TortureErrorKind = 'invalidReplay' | 'reference' | 'scenario' | 'config';

const reasons: Record<TortureErrorKind, OperantErrorReason> = {
  invalidReplay: 'Config',
  reference: 'Failed',
  scenario: 'Failed',
  config: 'Config',
};

export class TortureError extends OperantError {
  readonly [brand] = true;
  constructor(
    readonly kind: TortureErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(reasons[kind], message, options);
    this.name = 'TortureError';
  }

  static is(value: unknown, kind?: TortureErrorKind): value is TortureError {
    return OperantError.branded(value, brand, kind);
  }
}
