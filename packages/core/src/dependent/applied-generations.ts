/**
 * The generation of each primary a controller last applied dependents from, so that a
 * primary the cache hands out older than that (a stale read: an informer behind the write
 * the last reconcile saw) is not applied: its children would go back to an older desired
 * state and then forward again (a Deployment scaled 3 → 1 → 3). `metadata.generation` is
 * compared, not the resourceVersion (opaque, not to be ordered): it only grows for one
 * object, so only objects of the same uid compare; a primary deleted and created again
 * starts over. A key is forgotten when its primary is gone, so the record holds one entry
 * per primary that exists.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { type Request, requestKey } from '../api/request.js';

export class AppliedGenerations {
  private readonly applied = new Map<string, { uid: string | undefined; generation: number }>();

  /** True when `primary` is older than the one of its uid last applied from. */
  isStale(request: Request, primary: KubernetesObject): boolean {
    const last = this.applied.get(requestKey(request));
    const generation = primary.metadata?.generation;
    return (
      last !== undefined &&
      generation !== undefined &&
      last.uid === primary.metadata?.uid &&
      generation < last.generation
    );
  }

  /** Records that dependents were applied from `primary`. */
  record(request: Request, primary: KubernetesObject): void {
    const generation = primary.metadata?.generation;
    if (generation !== undefined) this.applied.set(requestKey(request), { uid: primary.metadata?.uid, generation });
  }

  /** Forgets the primary of `request` (it is gone). */
  forget(request: Request): void {
    this.applied.delete(requestKey(request));
  }
}
