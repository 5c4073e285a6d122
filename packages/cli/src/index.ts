/**
 * `@operant/cli`: the programmatic face of the `operant` command.
 * @module
 */
export { type CrdGenIo, type CrdGenOptions, crdGen } from './crd-gen/command.js';
export { CliError, type CliErrorKind } from './errors.js';
export { type MigrateStorageCommandOptions, migrateStorageCommand } from './migrate-storage/command.js';
export { type MigrateStorageOptions, type MigrateStorageResult, migrateStorage } from './migrate-storage/migrate.js';
export { createProgram } from './program.js';
export { type RbacGenOptions, rbacGen, renderControllerRole } from './rbac-gen/command.js';
export { type WebhookGenOptions, webhookGen } from './webhook-gen/command.js';
export { convertibleKinds, withConversion } from './webhook-gen/conversion.js';
export { buildWebhookConfigurations, renderWebhookConfigurations, type ServiceRef } from './webhook-gen/manifests.js';
