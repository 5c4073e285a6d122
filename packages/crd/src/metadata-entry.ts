/**
 * `@operant/crd/metadata`: what a runtime reads from `@CustomResource` classes — their
 * coordinates (group, version, kind, plural, scope) and their recorded resource metadata
 * (subresources, versions, columns) — without the decorators, which load class-validator
 * (with validator and libphonenumber) and class-transformer, and without `@operant/crd/schema`
 * (the schema builder, `validate()`, CEL, RE2). `@operant/core` imports only this at run time; everything here is also exported by
 * `@operant/crd` (and the types are there, for `import type`). It also holds `OperantError`,
 * the error base every package shares.
 * @module
 */
export { type ResourceCoordinates, resourceCoordinates } from './crd/coordinates.js';
export { getResourceMetadata } from './metadata/storage.js';
export { isOperantError, OperantError, type OperantErrorReason } from './operant-error.js';
