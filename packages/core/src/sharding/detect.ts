/**
 * Run-time detection of the API server's shard selector (KEP-5866, alpha gate
 * `ShardedListAndWatch`): one live list of a kind, a single object, with a selector that
 * covers the whole hash space. A server that applies it echoes it in the list's
 * `metadata.shardInfo`; one with the gate off (or older) silently ignores the parameter and
 * answers without it (docs/sharding-probe.md). Members without it fall back to the range
 * label (labeler.ts).
 * @module
 */
import { ClientError } from '../api/status-error.js';
import type { Client, Reader } from '../client/interfaces.js';
import { ResourceRegistry } from '../resources/registry.js';
import { isResourceDescriptor, type ResourceType } from '../resources/resource-type.js';
import { HASH_SPACE } from './ranges.js';
import { type ShardKey, shardSelector } from './selector.js';

export interface DetectShardSelectorOptions {
  /** List in this namespace only (an operator allowed to list one namespace); all namespaces by default. */
  namespace?: string;
  signal?: AbortSignal;
}

/**
 * Whether the API server applies a `shardSelector` over `key` to lists of `type`. `client`
 * must read live (an `ApiClient`, the manager's `apiReader`): the cache refuses the option.
 * Any other failure of the list rejects, naming the kind.
 */
export async function detectShardSelector(
  client: Reader,
  type: ResourceType,
  key: ShardKey,
  options: DetectShardSelectorOptions = {},
): Promise<boolean> {
  const selector = shardSelector(key, [{ lo: 0n, hi: HASH_SPACE }]);
  try {
    const list = await client.list(type, { ...options, limit: 1, shardSelector: selector });
    return list.metadata?.shardInfo !== undefined;
  } catch (err) {
    const kind = kindName(client, type);
    const message = `unable to detect the shard selector of ${kind}: ${err instanceof Error ? err.message : String(err)}`;
    if (ClientError.is(err))
      throw new ClientError(err.kind, message, { cause: err, code: err.code, status: err.status });
    throw new Error(message, { cause: err });
  }
}

/** The kind for a message: a descriptor's, else the client's (or the built-in registry's) resolution of the class, else its name. */
function kindName(client: Reader, type: ResourceType): string {
  if (isResourceDescriptor(type)) return type.kind;
  try {
    return (
      (client as Partial<Client>).resourceInfo?.(type).kind ??
      new ResourceRegistry().tryResolve(type)?.kind ??
      type.name
    );
  } catch {
    return type.name;
  }
}
