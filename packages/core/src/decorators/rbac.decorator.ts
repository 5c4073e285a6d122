/**
 * `@Rbac({ groups, resources, verbs, resourceNames?, clusterWide? })`: a permission the
 * controller needs beyond those of its `for`, `owns` and `@Watches` kinds (kubebuilder's
 * `+kubebuilder:rbac` marker). Repeatable, on the controller class. Records metadata only;
 * `operant rbac-gen` adds the rules to the generated role, the runtime ignores them.
 * `clusterWide: true` declares write access in every namespace to a resource rbac-gen
 * guards (Secrets, Leases, RBAC, webhooks, CRDs), which it refuses otherwise.
 * @module
 */
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';
import type { RbacMetadata } from './metadata/types.js';

/** What `@Rbac(...)` takes: every verb on every resource of every group (`''` is the core group). */
export type RbacOptions = RbacMetadata;

const isStringList = (value: unknown, allowEmptyString: boolean): value is readonly string[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((v) => typeof v === 'string' && (allowEmptyString || v !== '') && v.trim() === v);

export function Rbac(options: RbacOptions): ClassDecorator {
  return (target) => {
    const where = `@Rbac on ${place(target)}`;
    if (typeof target !== 'function') throw new DecoratorError(`${where}: goes on the controller class`);
    if (typeof options !== 'object' || options === null) {
      throw new DecoratorError(`${where}: takes { groups, resources, verbs, resourceNames?, clusterWide? }`);
    }
    const lists: [keyof RbacOptions, boolean, string][] = [
      ['groups', true, "API groups ('' for the core group)"],
      ['resources', false, 'resource names such as "configmaps" or "widgets/status"'],
      ['verbs', false, 'verbs such as "get"'],
    ];
    for (const [key, allowEmptyString, what] of lists) {
      if (!isStringList(options[key], allowEmptyString)) {
        throw new DecoratorError(`${where}: "${key}" must be a non-empty array of ${what}`);
      }
    }
    if (options.resourceNames !== undefined && !isStringList(options.resourceNames, false)) {
      throw new DecoratorError(`${where}: "resourceNames", when given, must be a non-empty array of object names`);
    }
    if (options.clusterWide !== undefined && typeof options.clusterWide !== 'boolean') {
      throw new DecoratorError(`${where}: "clusterWide", when given, must be true or false`);
    }
    const rule: RbacMetadata = Object.freeze({
      groups: [...options.groups],
      resources: [...options.resources],
      verbs: [...options.verbs],
      ...(options.resourceNames === undefined ? {} : { resourceNames: [...options.resourceNames] }),
      ...(options.clusterWide ? { clusterWide: true } : {}),
    });
    updateControllerMetadata(target, (m) => ({ ...m, rbac: [...m.rbac, rule] }));
  };
}
