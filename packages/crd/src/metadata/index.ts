/**
 * `@operant/crd/metadata`: what a runtime reads from `@CustomResource` classes — their
 * coordinates (group, version, kind, plural, scope) and their recorded resource metadata
 * (subresources, versions, columns) — without the schema builder, `validate()`,
 * class-validator's constraint library (validator, libphonenumber), CEL or RE2, which the
 * root entry loads. `@operant/core` imports only this; everything here is also exported by
 * `@operant/crd` (and the types are there, for `import type`). It also holds `OperantError`,
 * the error base every package shares.
 * @module
 */
export { type ResourceCoordinates, resourceCoordinates } from '../crd/coordinates.js';
export { isOperantError, OperantError, type OperantErrorReason } from '../operant-error.js';
export { getResourceMetadata } from './storage.js';
