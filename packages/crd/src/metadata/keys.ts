/**
 * The metadata names of `@operant/crd`: its Reflect metadata keys (only `storage.ts` reads or
 * writes them) and the prefix of the class-validator constraints its decorators register.
 * @module
 */
/** Class-level CRD record (`@CustomResource`, versions, subresources, columns). */
export const RESOURCE_METADATA = '@operant/crd/resource';
/** Per-class record of schema declarations: type-level fragments and one entry per property. */
export const SCHEMA_METADATA = '@operant/crd/schema';
/**
 * The prefix of the class-validator constraint names the bounds decorators register: the
 * schema builder skips them (their schema keywords are recorded apart), and `validate()`
 * ratchets them as schema keywords.
 */
export const OPERANT_CONSTRAINT_PREFIX = 'operant.';
