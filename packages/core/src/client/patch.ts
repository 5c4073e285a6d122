/**
 * Patches: JSON merge (`mergePatch`, or `mergeFrom(original, modified)` which computes one),
 * JSON patch (`jsonPatch`), strategic merge (`strategicMergePatch`, built-in kinds only).
 * Server-side apply has its own call, `client.apply()`.
 * @module
 */

export type PatchType = 'merge' | 'json' | 'strategic';

export interface Patch {
  readonly type: PatchType;
  readonly data: unknown;
}

/** RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

export const contentTypes: Record<PatchType | 'apply', string> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

/** An RFC 7386 JSON merge patch. */
export const mergePatch = (data: unknown): Patch => ({ type: 'merge', data });
/** An RFC 6902 JSON patch. */
export const jsonPatch = (operations: readonly JsonPatchOperation[]): Patch => ({ type: 'json', data: operations });
/** A strategic merge patch (built-in kinds only; the API server rejects it for custom resources). */
export const strategicMergePatch = (data: unknown): Patch => ({ type: 'strategic', data });

export interface MergeFromOptions {
  /** Include `metadata.resourceVersion` of the original: the patch fails with `conflict` if the object changed. */
  optimisticLock?: boolean;
}

/**
 * The JSON merge patch that turns `original` into `modified` (controller-runtime's
 * `client.MergeFrom`): changed fields, `null` for removed ones, arrays replaced whole.
 */
export function mergeFrom(original: unknown, modified: unknown, options: MergeFromOptions = {}): Patch {
  const diff = (mergeDiff(original, modified) ?? {}) as Record<string, unknown>;
  if (options.optimisticLock) {
    const rv = (original as { metadata?: { resourceVersion?: string } })?.metadata?.resourceVersion;
    const metadata = (diff.metadata ?? {}) as Record<string, unknown>;
    diff.metadata = { ...metadata, resourceVersion: rv };
  }
  return mergePatch(diff);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** undefined = no change. */
function mergeDiff(a: unknown, b: unknown): unknown {
  if (!isPlainObject(a) || !isPlainObject(b)) {
    return JSON.stringify(a) === JSON.stringify(b) ? undefined : (b ?? null);
  }
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const key of Object.keys(a)) {
    if (!(key in b) || b[key] === undefined) {
      if (a[key] !== undefined) {
        out[key] = null;
        changed = true;
      }
    }
  }
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    const d = key in a ? mergeDiff(a[key], value) : value;
    if (d !== undefined) {
      out[key] = d;
      changed = true;
    }
  }
  return changed ? out : undefined;
}
