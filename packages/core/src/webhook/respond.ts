/**
 * From a parsed request body to the AdmissionReview answer: decode (a malformed review is
 * a `badRequest`, answered 400 by the server), run the handler under a deadline, and turn
 * every outcome into a response with the request's `uid` — `denied`/`invalid` errors keep
 * their code, message and field causes, and an `invalid` one gains the kind and name of
 * the object in its Status details, as Go's `apierrors.NewInvalid` gives them; a timeout
 * is a 504 denial; any other throw is a 500 denial that names the object and is logged.
 * The server keeps running in every case.
 * @module
 */
import type { Logger } from '../api/logger.js';
import {
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  decodeAdmissionReview,
  deniedResponse,
  encodeAdmissionReview,
} from './admission.js';
import type { AdmissionHandler } from './contracts.js';
import { issuesText, WebhookError } from './errors.js';

/** `namespace/name` (or the generateName prefix) of the object under review. */
export function objectName(request: AdmissionRequest): string {
  const meta = (request.object ?? request.oldObject)?.metadata;
  const name = request.name || meta?.name || (meta?.generateName ? `${meta.generateName}*` : '<unnamed>');
  const namespace = request.namespace ?? meta?.namespace;
  return namespace ? `${namespace}/${name}` : name;
}

/** Runs `work` until it settles or `timeoutMs` passes; on timeout aborts its signal and rejects. */
export async function withDeadline<T>(
  timeoutMs: number,
  outer: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const signal = AbortSignal.any([outer, deadline.signal]);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new WebhookError('timeout', `the webhook handler did not answer within ${timeoutMs} ms`);
      deadline.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => work(signal)), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The 422 denial of an `invalid` error, as controller-runtime answers an `*apierrors.StatusError`
 * from `ValidateCreate`: Status details `{ name, group, kind, causes }`, and without a summary
 * Go's message `Kind.group "name" is invalid: <issues>`. kubectl prints it as
 * `The Kind "name" is invalid: <field>: <message>`.
 */
function invalidResponse(request: AdmissionRequest, err: WebhookError): AdmissionResponse {
  const { group, kind } = request.kind;
  const name = request.name || (request.object ?? request.oldObject)?.metadata?.name || '';
  const qualified = `${kind}${group === '' ? '' : `.${group}`} ${JSON.stringify(name)} is invalid`;
  const plain = err.issues.length > 0 && err.message === issuesText(err.issues);
  const message =
    err.issues.length === 0 ? err.message || qualified : plain ? `${qualified}: ${err.message}` : err.message;
  const response = deniedResponse(request.uid, err.code ?? 422, message, err.issues);
  const causes = response.status?.details?.causes;
  return { ...response, status: { ...response.status, details: { name, group, kind, ...(causes ? { causes } : {}) } } };
}

export interface AdmissionRun {
  body: unknown;
  handler: AdmissionHandler;
  /** What the handler does, for messages: `validate` or `default`. */
  verb: string;
  timeoutMs: number;
  signal: AbortSignal;
  log: Logger;
}

/** The AdmissionReview answer for a request body; throws only `WebhookError('badRequest')`. */
export async function runAdmission(run: AdmissionRun): Promise<AdmissionReview> {
  const request = decodeAdmissionReview(run.body);
  const what = `${request.kind.kind} ${objectName(request)}`;
  const log = run.log.child({
    webhook: run.verb,
    kind: request.kind.kind,
    namespace: request.namespace,
    name: request.name,
    uid: request.uid,
  });
  try {
    const response = await withDeadline(run.timeoutMs, run.signal, (signal) => run.handler({ request, signal, log }));
    return encodeAdmissionReview({ ...response, uid: request.uid });
  } catch (err) {
    if (WebhookError.is(err, 'invalid')) return encodeAdmissionReview(invalidResponse(request, err));
    if (WebhookError.is(err, 'denied')) {
      return encodeAdmissionReview(deniedResponse(request.uid, err.code ?? 403, err.message, err.issues));
    }
    if (WebhookError.is(err, 'timeout')) {
      log.error('admission webhook timed out', { error: err });
      return encodeAdmissionReview(deniedResponse(request.uid, 504, `unable to ${run.verb} ${what}: ${err.message}`));
    }
    const message = err instanceof Error ? err.message : String(err);
    log.error('admission webhook failed', { error: err });
    return encodeAdmissionReview(
      deniedResponse(request.uid, 500, `unable to ${run.verb} ${what}: the webhook failed: ${message}`),
    );
  }
}
