/**
 * `@operant/crd`: CRD classes (`@CustomResource`, `@StatusSubresource`, field decorators)
 * and `buildCrd()`, which turns them into structural CustomResourceDefinitions.
 * The decorators and the generator arrive with the CRD issue; this is the package's face.
 * @module
 */
export const CRD_PACKAGE = '@operant/crd';
