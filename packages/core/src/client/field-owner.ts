/**
 * Field owners: the field manager a write names (server-side apply tracks ownership by it).
 * `withFieldOwner(client, owner)` is controller-runtime's `client.WithFieldOwner`: a client
 * whose writes default to `owner`. The order: the call's `fieldOwner` (or `fieldManager`),
 * then `withFieldOwner`, then the client's own (`ManagerOptions.fieldOwner`), else `operant`.
 * @module
 */
import type { Client, StatusWriter, WriteOptions } from './interfaces.js';

/** The field manager a write names: the call's `fieldOwner`, its `fieldManager`, else `fallback`. */
export function fieldManagerOf(options: WriteOptions | undefined, fallback: string): string {
  return options?.fieldOwner ?? options?.fieldManager ?? fallback;
}

/** `options` with `owner` as the field owner unless they name one. */
function owned<O extends WriteOptions>(options: O | undefined, owner: string): O {
  return { ...options, fieldOwner: fieldManagerOf(options, owner) } as O;
}

/** A client whose writes (and status writes) name `owner` as field manager unless a call names another. */
export function withFieldOwner(client: Client, owner: string): Client {
  const status = (): StatusWriter => {
    const writer = client.status();
    return {
      update: (obj, options) => writer.update(obj, owned(options, owner)),
      patch: (obj, patch, options) => writer.patch(obj, patch, owned(options, owner)),
      apply: (obj, options) => writer.apply(obj, owned(options, owner)),
    };
  };
  return {
    get: (type, key, options) => client.get(type, key, options),
    list: (type, options) => client.list(type, options),
    create: (obj, options) => client.create(obj, owned(options, owner)),
    update: (obj, options) => client.update(obj, owned(options, owner)),
    patch: (obj, patch, options) => client.patch(obj, patch, owned(options, owner)),
    apply: (obj, options) => client.apply(obj, owned(options, owner)),
    delete: (obj, options) => client.delete(obj, options),
    deleteAllOf: (type, options) => client.deleteAllOf(type, options),
    status,
    resourceInfo: (type) => client.resourceInfo(type),
  };
}
