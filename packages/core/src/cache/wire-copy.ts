/**
 * A copy of an object as it came off the wire (`JSON.parse` output: plain objects, arrays,
 * strings, numbers, booleans, null). A plain recursive copy is several times cheaper than
 * `structuredClone`, which serializes through V8's value serializer; the informer copies
 * every answer of a write it holds for reads (`observeWrite`). `metadata.managedFields` is
 * left out when the informer strips it anyway.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) set(out, key, copyValue((value as Record<string, unknown>)[key]));
  return out;
}

/** `out[key] = value`, also for a key named `__proto__` (a ConfigMap's data may have one). */
function set(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** A deep copy of `obj`, without `metadata.managedFields` when `withoutManagedFields`. */
export function copyWireObject<T extends KubernetesObject>(obj: T, withoutManagedFields: boolean): T {
  const out: Record<string, unknown> = {};
  for (const key in obj) {
    const value = (obj as Record<string, unknown>)[key];
    if (key !== 'metadata' || !withoutManagedFields || value === null || typeof value !== 'object') {
      out[key] = copyValue(value);
      continue;
    }
    const metadata: Record<string, unknown> = {};
    for (const field in value) {
      if (field !== 'managedFields') set(metadata, field, copyValue((value as Record<string, unknown>)[field]));
    }
    out[key] = metadata;
  }
  return out as T;
}
