/**
 * Storage migration without the in-tree migrator: reads every object of the CRD and writes
 * it back unchanged, so that the API server encodes it again at the current storage version
 * (what kube-storage-version-migrator does). A conflict rereads and retries; an object
 * deleted meanwhile is skipped.
 * @module
 */
import { type Client, ignoreNotFound, type KubernetesObject } from '@operant/core';
import type { ResourceDescriptor } from '@operant/core/resources';
import { retryOnConflict } from './conflict-retry.js';

const keyOf = (obj: KubernetesObject) => ({ namespace: obj.metadata?.namespace, name: obj.metadata?.name as string });

/** Rewrites every object of `type` (all namespaces); resolves to how many were rewritten. */
export async function rewriteAll(api: Client, type: ResourceDescriptor, signal?: AbortSignal): Promise<number> {
  const { items } = await api.list(type, { signal });
  let rewritten = 0;
  for (const item of items) {
    let current: KubernetesObject | undefined = item;
    const done = await retryOnConflict(async () => {
      current ??= await api.get(type, keyOf(item), { signal }).catch(ignoreNotFound);
      if (current === undefined) return false;
      const obj = current;
      current = undefined; // a conflict rereads
      await api.update(obj, { signal });
      return true;
    }).catch(ignoreNotFound);
    if (done) rewritten++;
  }
  return rewritten;
}
