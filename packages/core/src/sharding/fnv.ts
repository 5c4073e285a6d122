/**
 * The hash the API server shards by: FNV-1a, 64 bits, over the key's UTF-8 bytes (Go's
 * `hash/fnv.New64a`, as `k8s.io/apimachinery/pkg/sharding.HashField` computes it for
 * `shardRange(object.metadata.uid | object.metadata.namespace, …)`, KEP-5866).
 * @module
 */

const OFFSET_BASIS = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;
const encoder = new TextEncoder();

/** FNV-1a 64 of `key`'s UTF-8 bytes, as an unsigned 64-bit `bigint`. */
export function fnv1a64(key: string): bigint {
  let hash = OFFSET_BASIS;
  for (const byte of encoder.encode(key)) {
    hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
  }
  return hash;
}
