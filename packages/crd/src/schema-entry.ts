/**
 * `@operant/crd/schema`: what needs a class's structural schema — building it into
 * CustomResourceDefinitions (`buildCrds`, `buildCrd`: controller-gen's CRD generator),
 * checking it (`checkStructural`: apiextensions-apiserver's structural check) and applying it
 * in code (`validate`, `withDefaults`, `toInstance`: the API server's validation and
 * defaulting). It loads the schema builder, the readers of class-validator's and
 * class-transformer's metadata, a CEL engine and RE2 (wasm), so a runtime that only
 * reconciles never imports it: the CLI's generators, the validating
 * webhook (on its first request) and tests do. `@operant/crd`, the entry CRD classes import
 * for their decorators, does not load it.
 * @module
 */
export { checkStructural } from './check/structural.js';
export { type BuildCrdsOptions, buildCrd, buildCrds } from './crd/build-crds.js';
export { isKubernetesTypeName, kubernetesTypeSchema } from './k8s/flatten.js';
export { QUANTITY_PATTERN } from './schema/known-types.js';
export { MAX_DEPTH } from './validate/bounds.js';
export { toInstance, type ValidateOptions, validate, withDefaults } from './validate/validate.js';
