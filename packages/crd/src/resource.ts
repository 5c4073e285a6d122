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
import type { ObjectMeta } from './common/object-meta.js';

export abstract class CustomObject<Spec = unknown, Status = unknown> {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: Spec;
  status?: Status;
}
