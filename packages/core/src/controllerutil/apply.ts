/**
 * Owned objects as apply configurations: `withControllerReference(owner, config)` is
 * `setControllerReference` for server-side apply, returning a copy of the configuration
 * (an `ApplyConfiguration<T>` from `applyConfiguration(Kind, …)`, or any object) with the
 * owner's controller reference in `metadata.ownerReferences`, ready for `client.apply()`:
 *
 *     await client.apply(withControllerReference(widget, applyConfiguration(ConfigMap, { metadata, data })));
 *
 * The API server merges owner references by `uid`, so an apply that names only its own
 * owner keeps the references other field owners set.
 * @module
 */
import { deepCopy, type KubernetesObject } from '../api/object.js';
import { setControllerReference, setOwnerReference } from './owner.js';

/** A copy of `config` controlled by `owner` (`controller: true`, `blockOwnerDeletion: true`). */
export function withControllerReference<C extends KubernetesObject>(owner: KubernetesObject, config: C): C {
  const copy = deepCopy(config);
  setControllerReference(owner, copy);
  return copy;
}

/** A copy of `config` with a (non-controller) owner reference to `owner`. */
export function withOwnerReference<C extends KubernetesObject>(owner: KubernetesObject, config: C): C {
  const copy = deepCopy(config);
  setOwnerReference(owner, copy);
  return copy;
}
