/**
 * AdmissionReview v1 (`admission.k8s.io/v1`) as the API server sends and expects it:
 * `decodeAdmissionReview` checks the shape of a request body (a `WebhookError('badRequest')`
 * becomes HTTP 400), and the response helpers build `allowed`, `status` (`code`, `message`,
 * `details.causes` with field paths), base64 JSON patches and warnings, always echoing the
 * request's `uid`.
 * @module
 */
import type { GroupVersionKind } from '../api/group-version-kind.js';
import type { KubernetesObject } from '../api/object.js';
import type { Status } from '../api/status.js';
import { type FieldIssue, issueMessage } from './errors.js';
import { createJsonPatch } from './json-patch.js';
import { badReview, isObject, reviewRequest } from './review.js';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** `request` of an AdmissionReview. */
export interface AdmissionRequest<T extends KubernetesObject = KubernetesObject> {
  uid: string;
  kind: GroupVersionKind;
  resource: { group: string; version: string; resource: string };
  subResource?: string;
  requestKind?: GroupVersionKind;
  name?: string;
  namespace?: string;
  operation: Operation;
  userInfo?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  /** The object after the change (CREATE, UPDATE); absent for DELETE. */
  object?: T;
  /** The object before the change (UPDATE, DELETE). */
  oldObject?: T;
  dryRun?: boolean;
  options?: unknown;
}

/** `response` of an AdmissionReview. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: Status;
  patch?: string;
  patchType?: 'JSONPatch';
  warnings?: string[];
  auditAnnotations?: Record<string, string>;
}

export interface AdmissionReview {
  apiVersion: 'admission.k8s.io/v1';
  kind: 'AdmissionReview';
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}

const operations = new Set(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

/** The request of an AdmissionReview v1 body; throws `WebhookError('badRequest')` when it is not one. */
export function decodeAdmissionReview(body: unknown): AdmissionRequest {
  const bad = badReview('AdmissionReview');
  const request = reviewRequest(body, 'AdmissionReview', 'admission.k8s.io/v1');
  if (!isObject(request.kind) || typeof request.kind.kind !== 'string') throw bad('request.kind is missing');
  if (typeof request.operation !== 'string' || !operations.has(request.operation)) {
    throw bad(`request.operation ${JSON.stringify(request.operation)} is not CREATE, UPDATE, DELETE or CONNECT`);
  }
  for (const key of ['object', 'oldObject'] as const) {
    if (request[key] !== undefined && request[key] !== null && !isObject(request[key])) {
      throw bad(`request.${key} is not an object`);
    }
  }
  return request as unknown as AdmissionRequest;
}

/** Wraps a response in the AdmissionReview the API server expects. */
export function encodeAdmissionReview(response: AdmissionResponse): AdmissionReview {
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response };
}

/** Allows the request, with optional warnings. */
export function allowed(uid: string, warnings: readonly string[] = []): AdmissionResponse {
  return { uid, allowed: true, ...(warnings.length > 0 ? { warnings: [...warnings] } : {}) };
}

/** Denies the request; `issues` become `status.details.causes` with their field paths. */
export function deniedResponse(
  uid: string,
  code: number,
  message: string,
  issues: readonly FieldIssue[] = [],
  warnings: readonly string[] = [],
): AdmissionResponse {
  const status: Status = { code, message, reason: code === 422 ? 'Invalid' : code === 403 ? 'Forbidden' : undefined };
  if (status.reason === undefined) delete status.reason;
  if (issues.length > 0) {
    status.details = {
      causes: issues.map((i) => ({ field: i.path, message: issueMessage(i), reason: 'FieldValueInvalid' })),
    };
  }
  return { uid, allowed: false, status, ...(warnings.length > 0 ? { warnings: [...warnings] } : {}) };
}

/** Allows the request with the JSON patch from `before` to `after` (none when they are equal). */
export function patchResponse(
  uid: string,
  before: unknown,
  after: unknown,
  warnings: readonly string[] = [],
): AdmissionResponse {
  const operations = createJsonPatch(before, after);
  const response = allowed(uid, warnings);
  if (operations.length === 0) return response;
  return { ...response, patch: Buffer.from(JSON.stringify(operations)).toString('base64'), patchType: 'JSONPatch' };
}
