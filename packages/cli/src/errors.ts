/**
 * The one error class of `@operant/cli`. The binary prints its message (no stack) and
 * exits 1; `drift` exits 1 after printing the diff.
 * @module
 */
import { OperantError, type OperantErrorReason } from '@operant/core';

const brand: unique symbol = Symbol.for('@operant/cli/CliError');

export type CliErrorKind =
  | 'config'
  | 'load'
  | 'noResources'
  | 'noControllers'
  | 'noWebhooks'
  | 'unknownKind'
  /** rbac-gen: a namespaced Role cannot grant a cluster-scoped kind. */
  | 'scope'
  /** rbac-gen: cluster-wide write access to a guarded resource that no `@Rbac({ clusterWide: true })` declares. */
  | 'clusterWide'
  | 'drift'
  /** crd-gen --verify: the API server refused a generated CRD (dry run). */
  | 'verify'
  /** crd-gen --check-compat: a generated CRD breaks stored objects or clients of the old one. */
  | 'incompatible'
  /** migrate-storage: the stored objects could not be moved to the storage version. */
  | 'migration'
  /** init / create api: a flag value that is not a valid name. */
  | 'invalidName'
  /** init / create api: the directory is not empty, or the kind already exists. */
  | 'exists'
  /** create api: no PROJECT file (run `operant init` first). */
  | 'noProject';

const reasons: Record<CliErrorKind, OperantErrorReason> = {
  config: 'Config',
  load: 'Failed',
  noResources: 'NotFound',
  noControllers: 'NotFound',
  noWebhooks: 'NotFound',
  unknownKind: 'NotFound',
  scope: 'Invalid',
  clusterWide: 'Invalid',
  drift: 'Conflict',
  verify: 'Invalid',
  incompatible: 'Invalid',
  migration: 'Failed',
  invalidName: 'Invalid',
  exists: 'AlreadyExists',
  noProject: 'NotFound',
};

export class CliError extends OperantError {
  readonly [brand] = true;
  constructor(
    readonly kind: CliErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(reasons[kind], message, options);
    this.name = 'CliError';
  }

  static is(value: unknown, kind?: CliErrorKind): value is CliError {
    return OperantError.branded(value, brand, kind);
  }
}
