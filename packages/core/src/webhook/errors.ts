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

/**
 * A field path (`spec.replicas`, `spec.ports[0].port`) and what is wrong with it. With a
 * `value`, the message reads as Go's `field.Invalid(path, value, detail)` does:
 * `Invalid value: "bad": detail`.
 */
export interface FieldIssue {
  path: string;
  message: string;
  value?: unknown;
}

/** The issue's message as a Status cause carries it (`field.Error.ErrorBody()`). */
export function issueMessage(issue: FieldIssue): string {
  return 'value' in issue && issue.value !== undefined
    ? `Invalid value: ${JSON.stringify(issue.value)}: ${issue.message}`
    : issue.message;
}

/** `path: message` of each issue, as Go's `ErrorList.ToAggregate()` prints them: `[a, b]` for more than one. */
export function issuesText(issues: readonly FieldIssue[]): string {
  const each = issues.map((i) => `${i.path}: ${issueMessage(i)}`);
  return each.length === 1 ? (each[0] as string) : `[${each.join(', ')}]`;
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

/**
 * Denies the request with field issues (Go's `apierrors.NewInvalid`): a 422 whose Status
 * details carry the kind and name of the object under review and one cause per issue, so
 * kubectl prints `The CronJob "x" is invalid: spec.schedule: Invalid value: …`. Without a
 * `summary` the message is Go's, `CronJob.batch.example.com "x" is invalid: <issues>`.
 */
export function invalid(issues: readonly FieldIssue[], summary?: string): WebhookError {
  const detail = issuesText(issues);
  return new WebhookError('invalid', summary === undefined ? detail : `${summary}: ${detail}`, { issues, code: 422 });
}
