/**
 * The one error class of the client, cache and resource registry. `kind` says what went
 * wrong (mapped from the API server's Status `reason` and HTTP code), messages name the
 * object ("unable to get ConfigMap default/foo"), and `cause` keeps the underlying error.
 * Test with the helpers (`isNotFound(err)`, …) or `ClientError.is(err, kind)`; the brand
 * survives duplicate copies of the package. It sits next to the Status it maps, so every
 * folder that tests an API error does so without importing the client;
 * `@operant/core/client` exports it.
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/crd/metadata';
import type { Status, StatusCause } from './status.js';

const brand: unique symbol = Symbol.for('@operant/core/ClientError');

export type ClientErrorKind =
  | 'notFound'
  | 'conflict'
  | 'alreadyExists'
  | 'invalid'
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'gone'
  | 'timeout'
  | 'tooManyRequests'
  | 'methodNotAllowed'
  | 'serverError'
  | 'transport'
  | 'aborted'
  | 'unknownKind'
  | 'notCached'
  | 'invalidArgument';

const reasons: Record<ClientErrorKind, OperantErrorReason> = {
  notFound: 'NotFound',
  conflict: 'Conflict',
  alreadyExists: 'AlreadyExists',
  invalid: 'Invalid',
  badRequest: 'BadRequest',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  gone: 'Gone',
  timeout: 'Timeout',
  tooManyRequests: 'TooManyRequests',
  methodNotAllowed: 'MethodNotAllowed',
  serverError: 'InternalError',
  transport: 'Unavailable',
  aborted: 'Aborted',
  unknownKind: 'NotFound',
  notCached: 'NotFound',
  invalidArgument: 'Invalid',
};

export class ClientError extends OperantError {
  readonly [brand] = true;
  /** HTTP status code, when the error came from the API server. */
  readonly code: number | undefined;
  /** The API server's Status, when it sent one. */
  readonly status: Status | undefined;

  constructor(
    readonly kind: ClientErrorKind,
    message: string,
    options?: ErrorOptions & { code?: number; status?: Status },
  ) {
    super(reasons[kind], message, options);
    this.name = 'ClientError';
    this.code = options?.code;
    this.status = options?.status;
  }

  /** The field causes of an `invalid` (or `badRequest`) error. */
  get causes(): StatusCause[] {
    return this.status?.details?.causes ?? [];
  }

  static is(value: unknown, kind?: ClientErrorKind): value is ClientError {
    return OperantError.branded(value, brand, kind);
  }
}

const byReason: Record<string, ClientErrorKind> = {
  NotFound: 'notFound',
  Conflict: 'conflict',
  AlreadyExists: 'alreadyExists',
  Invalid: 'invalid',
  BadRequest: 'badRequest',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  Gone: 'gone',
  Expired: 'gone',
  Timeout: 'timeout',
  ServerTimeout: 'timeout',
  TooManyRequests: 'tooManyRequests',
  MethodNotAllowed: 'methodNotAllowed',
  InternalError: 'serverError',
  ServiceUnavailable: 'serverError',
};

const byCode: Record<number, ClientErrorKind> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  409: 'conflict',
  410: 'gone',
  422: 'invalid',
  429: 'tooManyRequests',
  504: 'timeout',
};

/** The kind of an API server error, from its Status reason or else its HTTP code. */
export function kindOfStatus(code: number, status?: Status): ClientErrorKind {
  const reason = status?.reason;
  if (reason !== undefined && byReason[reason] !== undefined) return byReason[reason];
  return byCode[code] ?? (code >= 500 ? 'serverError' : 'badRequest');
}

/** Builds the error for a failed API call: `"<action>: <server message>"`, e.g. "unable to get ConfigMap default/foo: …". */
export function statusError(action: string, code: number, status: Status | undefined, cause?: unknown): ClientError {
  const detail = status?.message ?? `HTTP ${code}`;
  return new ClientError(kindOfStatus(code, status), `${action}: ${detail}`, { code, status, cause });
}

export const isNotFound = (err: unknown): boolean => ClientError.is(err, 'notFound');
export const isConflict = (err: unknown): boolean => ClientError.is(err, 'conflict');
export const isAlreadyExists = (err: unknown): boolean => ClientError.is(err, 'alreadyExists');
export const isInvalid = (err: unknown): boolean => ClientError.is(err, 'invalid');
export const isForbidden = (err: unknown): boolean => ClientError.is(err, 'forbidden');
export const isGone = (err: unknown): boolean => ClientError.is(err, 'gone');
export const isTimeout = (err: unknown): boolean => ClientError.is(err, 'timeout');
export const isNotCached = (err: unknown): boolean => ClientError.is(err, 'notCached');
export const isUnknownKind = (err: unknown): boolean => ClientError.is(err, 'unknownKind');

/** For `.catch(ignoreNotFound)`: turns a notFound into `undefined`, rethrows anything else. */
export function ignoreNotFound(err: unknown): undefined {
  if (isNotFound(err)) return undefined;
  throw err;
}

/** For `.catch(ignoreAlreadyExists)`: turns an alreadyExists into `undefined`, rethrows anything else. */
export function ignoreAlreadyExists(err: unknown): undefined {
  if (isAlreadyExists(err)) return undefined;
  throw err;
}
