/**
 * The fake client's errors, built as the real client builds them (core's `statusError`
 * from an API server Status): same `ClientError` kinds, HTTP codes, reasons and
 * `details.causes`, and messages in the API server's words
 * ("unable to get Widget ns/w: widgets.demo.operant.dev \"w\" not found").
 * @module
 */

import * as client from '@operant/core/client';
import { type ClientError } from '@operant/core/client';
import { type ResourceInfo, statusError } from '@operant/core/internal';

/** metav1.StatusCause: one cause of an Invalid (or other) Status, as the API server reports it. */
export type StatusCause = NonNullable<NonNullable<client.Status['details']>['causes']>[number];

/** `widgets.demo.operant.dev`, or `configmaps` for the core group: the resource in messages. */
const resourceName = (info: ResourceInfo) => (info.group === '' ? info.plural : `${info.plural}.${info.group}`);
/** `Widget.demo.operant.dev`, or `ConfigMap`: the kind in `invalid` messages. */
const kindName = (info: ResourceInfo) => (info.group === '' ? info.kind : `${info.kind}.${info.group}`);

function fail(action: string, code: number, reason: string, message: string, details: client.Status['details']) {
  return statusError(action, code, { kind: 'Status', status: 'Failure', message, reason, code, details });
}

export function notFound(action: string, info: ResourceInfo, name: string): ClientError {
  return fail(action, 404, 'NotFound', `${resourceName(info)} "${name}" not found`, {
    name,
    group: info.group,
    kind: info.plural,
  });
}

/** The answer of a path that does not exist, such as `/status` of a kind without that subresource. */
export function noSuchPath(action: string): ClientError {
  return fail(action, 404, 'NotFound', 'the server could not find the requested resource', undefined);
}

export function alreadyExists(action: string, info: ResourceInfo, name: string): ClientError {
  return fail(action, 409, 'AlreadyExists', `${resourceName(info)} "${name}" already exists`, {
    name,
    group: info.group,
    kind: info.plural,
  });
}

export function conflict(action: string, info: ResourceInfo, name: string, why?: string): ClientError {
  const detail = why ?? 'the object has been modified; please apply your changes to the latest version and try again';
  return fail(action, 409, 'Conflict', `Operation cannot be fulfilled on ${resourceName(info)} "${name}": ${detail}`, {
    name,
    group: info.group,
    kind: info.plural,
  });
}

/** A delete precondition (`uid` or `resourceVersion`) that the stored object does not meet. */
export function preconditionFailed(
  action: string,
  info: ResourceInfo,
  name: string,
  field: 'UID' | 'ResourceVersion',
  wanted: string,
  actual: string | undefined,
): ClientError {
  const why = field === 'UID' ? 'deleted and then recreated' : 'modified';
  const message = `Operation cannot be fulfilled on ${kindName(info)} "${name}": the ${field} in the precondition (${wanted}) does not match the ${field} in record (${actual}). The object might have been ${why}`;
  return fail(action, 409, 'Conflict', message, {
    name,
    group: info.group,
    kind: info.plural,
  });
}

/** The conflicts of a server-side apply. */
export function applyConflict(
  action: string,
  info: ResourceInfo,
  name: string,
  conflicts: { manager: string; path: string }[],
): ClientError {
  const list = conflicts.map((c) => `conflict with "${c.manager}": ${c.path}`);
  const message =
    conflicts.length === 1
      ? `Apply failed with 1 conflict: ${list[0]}`
      : `Apply failed with ${conflicts.length} conflicts: ${list.join('\n- ')}`;
  return fail(action, 409, 'Conflict', message, {
    name,
    group: info.group,
    kind: info.plural,
    causes: conflicts.map((c) => ({
      reason: 'FieldManagerConflict',
      message: `conflict with "${c.manager}"`,
      field: c.path,
    })),
  });
}

export function invalid(action: string, info: ResourceInfo, name: string, causes: StatusCause[]): ClientError {
  const text = causes.map((c) => `${c.field}: ${c.message}`).join(', ');
  const message = `${kindName(info)} "${name}" is invalid: ${causes.length > 1 ? `[${text}]` : text}`;
  return fail(action, 422, 'Invalid', message, { name, group: info.group, kind: info.kind, causes });
}

export function badRequest(action: string, message: string): ClientError {
  return fail(action, 400, 'BadRequest', message, undefined);
}

/** A body the API server cannot decode into the kind's Go struct (`problem` in Go's words). */
export function undecodable(action: string, info: ResourceInfo, problem: string): ClientError {
  return badRequest(
    action,
    `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: ${problem}`,
  );
}

/** A patch whose result the API server cannot decode: 422 on the field `patch`, the result as its value. */
export function unpatchable(action: string, patched: unknown, problem: string): ClientError {
  const message = `Invalid value: ${JSON.stringify(JSON.stringify(patched))}: ${problem}`;
  return fail(action, 422, 'Invalid', ` "" is invalid: patch: ${message}`, {
    name: '',
    group: '',
    kind: '',
    causes: [{ reason: 'FieldValueInvalid', field: 'patch', message }],
  });
}
