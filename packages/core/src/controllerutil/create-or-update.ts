/**
 * `createOrUpdate` and `createOrPatch` (controller-runtime's `controllerutil`): read the
 * object (from the cache when it is cached), let `mutate` bring it to the desired state,
 * and write only if something changed. `mutate` gets a mutable copy (never the cache's frozen
 * object) and must not change name or namespace. Returns what happened.
 * @module
 */
import { deepCopy, type KubernetesObject } from '../api/object.js';
import { isNotFound } from '../api/status-error.js';
import type { Client } from '../client/interfaces.js';
import { mergeFrom } from '../client/patch.js';
import type { ResourceType } from '../resources/resource-type.js';
import { jsonEqual } from './json-equal.js';

export type OperationResult = 'created' | 'updated' | 'updatedStatus' | 'updatedStatusOnly' | 'unchanged';

export type MutateFunc<T> = (obj: T) => void | Promise<void>;

async function read<T extends KubernetesObject>(client: Client, type: ResourceType<T>, obj: T): Promise<T | undefined> {
  const key = { namespace: obj.metadata?.namespace, name: obj.metadata?.name ?? '' };
  try {
    return deepCopy(await client.get(type, key));
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

async function mutated<T extends KubernetesObject>(obj: T, mutate: MutateFunc<T>, before: T | undefined): Promise<T> {
  const name = obj.metadata?.name;
  const namespace = obj.metadata?.namespace;
  await mutate(obj);
  if (obj.metadata?.name !== name || obj.metadata?.namespace !== namespace) {
    throw new Error(
      `unable to create or update ${before?.kind ?? obj.kind} ${namespace ?? ''}/${name}: mutate changed the object's name or namespace`,
    );
  }
  return obj;
}

/** The shared first half: create the object if missing, else mutate a copy of the current one. */
async function createOrMutate<T extends KubernetesObject>(
  client: Client,
  type: ResourceType<T>,
  obj: T,
  mutate: MutateFunc<T>,
): Promise<{ created: T } | { original: T; desired: T }> {
  const current = await read(client, type, obj);
  if (current === undefined) return { created: await client.create(await mutated(obj, mutate, undefined)) };
  const original = deepCopy(current);
  return { original, desired: await mutated(current, mutate, original) };
}

/** Creates `obj` (after `mutate`) if missing, else updates it when `mutate` changed it. */
export async function createOrUpdate<T extends KubernetesObject>(
  client: Client,
  type: ResourceType<T>,
  obj: T,
  mutate: MutateFunc<T>,
): Promise<{ result: OperationResult; object: T }> {
  const step = await createOrMutate(client, type, obj, mutate);
  if ('created' in step) return { result: 'created', object: step.created };
  const { original, desired } = step;
  if (jsonEqual(original, desired)) return { result: 'unchanged', object: original };
  return { result: 'updated', object: await client.update(desired) };
}

/**
 * Like `createOrUpdate`, but writes merge patches (fewer conflicts with other writers),
 * and patches `status` through the status subresource when `mutate` changed it.
 */
export async function createOrPatch<T extends KubernetesObject & { status?: unknown }>(
  client: Client,
  type: ResourceType<T>,
  obj: T,
  mutate: MutateFunc<T>,
): Promise<{ result: OperationResult; object: T }> {
  const step = await createOrMutate(client, type, obj, mutate);
  if ('created' in step) return { result: 'created', object: step.created };
  const { original, desired } = step;
  const { status: statusBefore, ...restBefore } = original;
  const { status: statusAfter, ...restAfter } = desired;
  const objectChanged = !jsonEqual(restBefore, restAfter);
  const statusChanged = !jsonEqual(statusBefore, statusAfter);
  let written: T = original;
  if (objectChanged) written = await client.patch(original, mergeFrom(restBefore, restAfter));
  if (statusChanged) {
    written = await client
      .status()
      .patch(original, mergeFrom({ status: statusBefore ?? {} }, { status: statusAfter ?? {} }));
  }
  const result: OperationResult =
    objectChanged && statusChanged
      ? 'updatedStatus'
      : objectChanged
        ? 'updated'
        : statusChanged
          ? 'updatedStatusOnly'
          : 'unchanged';
  return { result, object: written };
}
