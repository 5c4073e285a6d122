/**
 * The base class of custom resource classes: `apiVersion`, `kind`, `metadata` and typed
 * `spec` and `status`. A subclass redeclares `spec` (and `status`) with its decorators:
 *
 * ```ts
 * @CustomResource({ group: 'demo.operant.dev', version: 'v1', kind: 'Widget', scope: 'Namespaced' })
 * class Widget extends CustomObject<WidgetSpec, WidgetStatus> {
 *   @ValidateNested() @Type(() => WidgetSpec) override spec!: WidgetSpec;
 * }
 * ```
 * The schema of `apiVersion`, `kind` and `metadata` is written by `buildCrds`, as
 * controller-gen writes it; the API server validates `metadata` itself.
 * @module
 */

/** The parts of `ObjectMeta` operators use most; the API server fills in the rest. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: {
    apiVersion: string;
    kind: string;
    name: string;
    uid: string;
    controller?: boolean;
    blockOwnerDeletion?: boolean;
  }[];
  creationTimestamp?: string;
  deletionTimestamp?: string;
  [key: string]: unknown;
}

export abstract class CustomObject<Spec = unknown, Status = unknown> {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: Spec;
  status?: Status;
}
