/**
 * Interceptors of the fake client (controller-runtime's `interceptor.Funcs`): each call
 * passes through them as an `Operation`, and an interceptor may answer it, fail it, or
 * call `next()`. `failWith(kind, match, times)` is the common case: fail the next matching
 * call(s) with the error the real client would throw ("fail the next update with a conflict").
 * Also the write log entry every write leaves.
 * @module
 */
import { type KubernetesObject } from '@operant/core';
import type * as client from '@operant/core/client';
import { ClientError, type ClientErrorKind } from '@operant/core/client';
import { type ResourceInfo } from '@operant/core/internal';
import { alreadyExists, badRequest, conflict, invalid, notFound } from './status-errors.js';

export type Verb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'apply' | 'delete' | 'deleteAllOf';

/** One call of the fake client, as interceptors see it. */
export interface Operation {
  verb: Verb;
  /** `status` for `client.status()` writes. */
  subresource?: 'status';
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  /** The object passed to a write. */
  object?: KubernetesObject;
  patch?: client.Patch;
  options: object;
  /** "unable to update Widget ns/w": the start of the message of any error of this call. */
  action: string;
}

/** Answers (or fails) an operation; `next()` runs the rest of the chain and the fake itself. */
export type Interceptor = (operation: Operation, next: () => Promise<unknown>) => Promise<unknown>;

/** Which operations `failWith` fails: fields that must match (verb, subresource, kind, namespace, name). */
export interface OperationMatch {
  verb?: Verb | readonly Verb[];
  subresource?: 'status';
  kind?: string;
  namespace?: string;
  name?: string;
}

function matches(op: Operation, match: OperationMatch): boolean {
  const verbs = match.verb === undefined ? undefined : typeof match.verb === 'string' ? [match.verb] : match.verb;
  return (
    (verbs === undefined || verbs.includes(op.verb)) &&
    (match.subresource === undefined || op.subresource === match.subresource) &&
    (match.kind === undefined || op.info.kind === match.kind) &&
    (match.namespace === undefined || op.namespace === match.namespace) &&
    (match.name === undefined || op.name === match.name)
  );
}

/** The error the real client throws for `kind` on this operation (API server wording where there is one). */
export function errorFor(kind: ClientErrorKind, op: Operation): ClientError {
  const name = op.name ?? '';
  switch (kind) {
    case 'notFound':
      return notFound(op.action, op.info, name);
    case 'alreadyExists':
      return alreadyExists(op.action, op.info, name);
    case 'conflict':
      return conflict(op.action, op.info, name);
    case 'invalid':
      return invalid(op.action, op.info, name, [{ reason: 'FieldValueInvalid', field: 'spec', message: 'injected' }]);
    case 'badRequest':
      return badRequest(op.action, 'injected');
    default:
      return new ClientError(kind, `${op.action}: injected ${kind}`);
  }
}

/** Fails the next `times` operations matching `match` with a `kind` error (default once). */
export function failWith(kind: ClientErrorKind, match: OperationMatch = {}, times = 1): Interceptor {
  let left = times;
  return (op, next) => {
    if (left > 0 && matches(op, match)) {
      left--;
      return Promise.reject(errorFor(kind, op));
    }
    return next();
  };
}

/** One write the fake client was asked for, successful or not. */
export interface WriteRecord {
  verb: Exclude<Verb, 'get' | 'list'>;
  subresource?: 'status';
  kind: string;
  namespace?: string;
  name?: string;
  dryRun: boolean;
  /** What the write stored (or, for a dry run, would have); a delete's last state. */
  object?: KubernetesObject;
  patch?: client.Patch;
  /** The field manager of create, update, patch and apply. */
  fieldManager?: string;
  error?: ClientError;
}
