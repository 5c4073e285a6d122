/**
 * `@operant/crd/metadata`: what a runtime reads from `@CustomResource` classes — their
 * coordinates (group, version, kind, plural, scope) and their recorded resource metadata
 * (subresources, versions, columns) — without the decorators, which load class-validator
 * (with validator and libphonenumber) and class-transformer, and without `@operant/crd/schema`
 * (the schema builder, `validate()`, CEL, RE2). `@operant/core` imports only this at run time.
 * It also holds `pluralize` (the default plural of a kind, as `resourceCoordinates` gives it; `operant
 * create api` names files and RBAC after it) and `OperantError`, the error base every package shares.
 * @module
 */
export { type ResourceCoordinates, resourceCoordinates } from './crd/coordinates.js';
export { pluralize } from './crd/names.js';
export { getResourceMetadata } from './metadata/storage.js';
export { isOperantError, OperantError, type OperantErrorReason } from './operant-error.js';
