/**
 * The envelope both reviews share (`kind`, `apiVersion`, `request.uid`), checked once for
 * AdmissionReview and ConversionReview: what is wrong becomes `WebhookError('badRequest')`,
 * which the server answers with 400.
 * @module
 */
import { WebhookError } from './errors.js';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A thrower of `unable to decode the <kind>: <why>`. */
export const badReview = (kind: string) => (why: string) =>
  new WebhookError('badRequest', `unable to decode the ${kind}: ${why}`);

/** The `request` of a review body of `kind` and `apiVersion`, with a non-empty `uid`. */
export function reviewRequest(body: unknown, kind: string, apiVersion: string): Record<string, unknown> {
  const bad = badReview(kind);
  if (!isObject(body)) throw bad('the body is not a JSON object');
  if (body.kind !== kind) throw bad(`kind is ${JSON.stringify(body.kind)}, expected "${kind}"`);
  if (body.apiVersion !== apiVersion) {
    throw bad(`apiVersion is ${JSON.stringify(body.apiVersion)}, only ${apiVersion} is served`);
  }
  const request = body.request;
  if (!isObject(request)) throw bad('it has no request');
  if (typeof request.uid !== 'string' || request.uid === '') throw bad('request.uid is missing');
  return request;
}
