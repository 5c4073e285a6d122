/**
 * `fencedClient(client, fence)`: a client whose writes stop when the fence says so (the
 * manager's client under leader election). Before each write it asks `fence.refusal()`; an
 * error refuses the write with a `ClientError('aborted')` that names the object, and a write
 * in flight is aborted when `fence.signal` aborts (the leadership was lost). Without a
 * signal (a manager that elects no leader: nothing can abort its writes in flight) the
 * write's options go through as they are, so a request carries no listener it cannot need.
 * Reads pass through: a reconcile of a lost leader may still read its cache, but nothing it
 * decides reaches the API server.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import type { CallOptions, Client } from './interfaces.js';

export interface WriteFence {
  /** Aborts when writes must stop: writes in flight are aborted with it. Undefined: writes are never aborted in flight. */
  signal?: AbortSignal;
  /** Why writes are refused now, or undefined; checked before each write. */
  refusal(): Error | undefined;
}

/** `client`, with every write checked against `fence` first and aborted with it. */
export function fencedClient(client: Client, fence: WriteFence): Client {
  // `action` names the write in the refusal only: not formatted for every write that goes through
  const fenced = <O extends CallOptions>(action: () => string, options: O | undefined): O => {
    const refused = fence.refusal();
    if (refused !== undefined) {
      throw new ClientError('aborted', `unable to ${action()}: ${refused.message}`, { cause: refused });
    }
    const stop = fence.signal;
    if (stop === undefined) return options as O;
    const signal = options?.signal === undefined ? stop : AbortSignal.any([options.signal, stop]);
    return { ...options, signal } as O;
  };
  const status = client.status();
  return {
    get: (type, key, options) => client.get(type, key, options),
    list: (type, options) => client.list(type, options),
    resourceInfo: (type) => client.resourceInfo(type),
    create: async (obj, options) =>
      client.create(
        obj,
        fenced(() => `create ${describe(obj)}`, options),
      ),
    update: async (obj, options) =>
      client.update(
        obj,
        fenced(() => `update ${describe(obj)}`, options),
      ),
    patch: async (obj, patch, options) =>
      client.patch(
        obj,
        patch,
        fenced(() => `patch ${describe(obj)}`, options),
      ),
    apply: async (obj, options) =>
      client.apply(
        obj,
        fenced(() => `apply ${describe(obj)}`, options),
      ),
    delete: async (obj, options) =>
      client.delete(
        obj,
        fenced(() => `delete ${describe(obj)}`, options),
      ),
    deleteAllOf: async (type, options) =>
      client.deleteAllOf(
        type,
        fenced(() => `delete all ${client.resourceInfo(type).kind}`, options),
      ),
    status: () => ({
      update: async (obj, options) =>
        status.update(
          obj,
          fenced(() => `update the status of ${describe(obj)}`, options),
        ),
      patch: async (obj, patch, options) =>
        status.patch(
          obj,
          patch,
          fenced(() => `patch the status of ${describe(obj)}`, options),
        ),
      apply: async (obj, options) =>
        status.apply(
          obj,
          fenced(() => `apply the status of ${describe(obj)}`, options),
        ),
    }),
  };
}

function describe(obj: Partial<KubernetesObject>): string {
  const { namespace, name } = obj.metadata ?? {};
  return `${obj.kind ?? 'object'} ${namespace ? `${namespace}/` : ''}${name ?? ''}`.trimEnd();
}
