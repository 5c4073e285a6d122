/**
 * `@operant/cli`: the programmatic face of the `operant` command. The generators
 * (`crdGen`, `rbacGen`, `webhookGen`), the Helm chart writer and the storage migration,
 * each with the options of its command; their failures are `CliError`s. Everything else
 * is reached through the binary (`operant --help`).
 * @module
 */
export { crdGen } from './crd-gen/command.js';
export { CliError } from './errors.js';
export { helm } from './helm/command.js';
export { migrateStorage } from './migrate-storage/migrate.js';
export { rbacGen } from './rbac-gen/command.js';
export { webhookGen } from './webhook-gen/command.js';
