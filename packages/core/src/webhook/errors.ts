/**
 * The one error class of the webhook runtime, with a `kind`. Validators throw it to deny
 * (`denied(message)`, `invalid(object, issues)`); the server maps every other throw to a
 * denial with code 500 and a message that names the object, never to a crash.
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/crd/metadata';

const brand: unique symbol = Symbol.for('@operant/core/WebhookError');

export type WebhookErrorKind =
  /** A validator refused the object (HTTP 403 in the admission status). */
  | 'denied'
  /** Field-level problems (HTTP 422, each cause names its field path). */
  | 'invalid'
  /** The AdmissionReview or ConversionReview could not be read (the server answers 400). */
  | 'badRequest'
  /** A handler did not answer in time. */
  | 'timeout'
  /** Wrong configuration: builder inputs, server options, certificates. */
  | 'config'
  /** A converter failed or the versions have no conversion. */
  | 'conversion';

/** A field path (`spec.replicas`, `spec.ports[0].port`) and what is wrong with it. */
export interface FieldIssue {
  path: string;
  message: string;
}

const reasons: Record<WebhookErrorKind, OperantErrorReason> = {
  denied: 'Denied',
  invalid: 'Invalid',
  badRequest: 'BadRequest',
  timeout: 'Timeout',
  config: 'Config',
  conversion: 'Failed',
};

export class WebhookError extends OperantError {
  readonly [brand] = true;
  constructor(
    readonly kind: WebhookErrorKind,
    message: string,
    options?: ErrorOptions & { issues?: readonly FieldIssue[]; code?: number },
  ) {
    super(reasons[kind], message, options);
    this.name = 'WebhookError';
    this.issues = options?.issues ?? [];
    this.code = options?.code;
  }

  /** Field issues of an `invalid` error. */
  readonly issues: readonly FieldIssue[];
  /** An HTTP code to report instead of the kind's default. */
  readonly code: number | undefined;

  static is(value: unknown, kind?: WebhookErrorKind): value is WebhookError {
    return OperantError.branded(value, brand, kind);
  }
}

/** Denies the request with this message (controller-runtime's `admission.Denied`). */
export function denied(message: string, code = 403): WebhookError {
  return new WebhookError('denied', message, { code });
}

/** Denies the request with field issues; the message lists `path: message` for each. */
export function invalid(issues: readonly FieldIssue[], summary?: string): WebhookError {
  const detail = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new WebhookError('invalid', summary === undefined ? detail : `${summary}: ${detail}`, { issues, code: 422 });
}
