/**
 * Admission and conversion webhooks: what `webhookManagedBy(mgr)` (`@operant/core/builder`)
 * and the webhook decorators take.
 *
 * - contracts: `CustomValidator`, `CustomDefaulter`, `Converter` (with `AdmissionContext` and
 *   `Warnings`); `denied()`, `invalid()` (with `FieldIssue`s) to refuse, `WebhookError` what they throw;
 * - `WebhookServerOptions` (the manager's `webhookServer` option; `mgr.getWebhookServer()` is
 *   HTTPS with certificates reloaded from a folder);
 * - kubebuilder's route paths: `validatePath(gvk)`, `mutatePath(gvk)`.
 * @module webhook
 */

export type { AdmissionContext, Converter, CustomDefaulter, CustomValidator, Warnings } from './contracts.js';
export { denied, type FieldIssue, invalid, WebhookError } from './errors.js';
export { mutatePath, validatePath } from './paths.js';
export type { WebhookServerOptions } from './server.js';
