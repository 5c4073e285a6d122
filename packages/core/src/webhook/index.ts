/**
 * Admission and conversion webhooks.
 *
 * - what `webhookManagedBy(mgr)` (in `builder/`, `@operant/core/builder`) registers: validating and defaulting
 *   handlers, conversions;
 * - `WebhookServer`, the server contract, and `newWebhookServer()` (HTTPS, certificates reloaded
 *   from a folder); a manager's is `mgr.getWebhookServer()`;
 * - contracts: `CustomValidator`, `CustomDefaulter`, `Converter`; `denied()`, `invalid()` to refuse;
 * - the wire: AdmissionReview and ConversionReview v1 types, `createJsonPatch`, route paths.
 * @module webhook
 */

// declared in api/: metav1.Status (also `client.Status`) and schema.GroupVersionKind
export type { GroupVersionKind } from '../api/group-version-kind.js';
export type { Status } from '../api/status.js';
export type { CertPair } from '../server/cert-pair.js';
export { CertWatcher, type CertWatcherOptions } from '../server/cert-watcher.js';
// what CertWatcher (and so the server's start) throws when the serving pair does not load
export { ServerError, type ServerErrorKind } from '../server/errors.js';
export {
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  allowed,
  decodeAdmissionReview,
  deniedResponse,
  encodeAdmissionReview,
  type Operation,
  patchResponse,
} from './admission.js';
export type {
  AdmissionContext,
  AdmissionHandler,
  ConversionRegistry,
  Converter,
  CustomDefaulter,
  CustomValidator,
  Warnings,
  WebhookServer,
} from './contracts.js';
export {
  type ConversionRequest,
  type ConversionResponse,
  type ConversionReview,
  Conversions,
  decodeConversionReview,
} from './conversion.js';
export { defaultingHandler } from './defaulting.js';
export { denied, type FieldIssue, invalid, WebhookError, type WebhookErrorKind } from './errors.js';
export { createJsonPatch } from './json-patch.js';
export { CONVERT_PATH, mutatePath, validatePath, webhookName } from './paths.js';
export { newWebhookServer, type WebhookServerOptions } from './server.js';
export { type ValidatingOptions, validatingHandler } from './validating.js';
