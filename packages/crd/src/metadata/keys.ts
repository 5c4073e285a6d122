/**
 * The Reflect metadata keys of `@operant/crd`. Only `storage.ts` reads or writes them.
 * @module
 */
/** Class-level CRD record (`@CustomResource`, versions, subresources, columns). */
export const RESOURCE_METADATA = '@operant/crd/resource';
/** Per-class record of schema declarations: type-level fragments and one entry per property. */
export const SCHEMA_METADATA = '@operant/crd/schema';
