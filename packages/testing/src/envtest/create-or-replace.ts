/**
 * Creates a cluster-scoped object, or replaces the one of that name (the CRD and webhook
 * configuration installs run again against a reused control plane), retrying conflicts.
 * @module
 */
import { isAlreadyExists, isConflict } from '@operant/core';
import { type ApiClient } from '@operant/core/client';
import { type ResourceType } from '@operant/core/resources';

interface Named {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; resourceVersion?: string };
}

export async function createOrReplace<T extends Named>(
  api: ApiClient,
  obj: T,
  type: ResourceType<T & object>,
): Promise<void> {
  const name = obj.metadata?.name as string;
  for (let attempt = 0; ; attempt++) {
    try {
      await api.create(obj as never);
      return;
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    try {
      const current = await api.get(type as ResourceType, { name });
      await api.update({
        ...obj,
        metadata: { ...obj.metadata, resourceVersion: current.metadata?.resourceVersion },
      } as never);
      return;
    } catch (err) {
      if (!isConflict(err) || attempt >= 5) throw err;
    }
  }
}
