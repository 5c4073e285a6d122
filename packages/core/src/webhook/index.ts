/**
 * Admission and conversion webhooks: what `webhookManagedBy(mgr)` (`@operant/core/builder`)
 * and the webhook decorators take.
 *
 * - contracts: `CustomValidator`, `CustomDefaulter`, `Converter` (with `AdmissionContext` and
 *   `Warnings`); `denied()`, `invalid()` (with `FieldIssue`s) to refuse, `WebhookError` what they throw;
 * - `WebhookServer`, the server's contract (`mgr.getWebhookServer()`), `newWebhookServer()`
 *   and `WebhookServerOptions` (HTTPS with certificates reloaded from a folder; the
 *   manager's `webhookServer` option takes either);
 * - kubebuilder's route paths: `validatePath(gvk)`, `mutatePath(gvk)`.
 * @module webhook
 */

export type {
  AdmissionContext,
  Converter,
  CustomDefaulter,
  CustomValidator,
  Warnings,
  WebhookServer,
} from './contracts.js';
export { denied, type FieldIssue, invalid, WebhookError } from './errors.js';
export { mutatePath, validatePath } from './paths.js';
export { newWebhookServer, type WebhookServerOptions } from './server.js';
