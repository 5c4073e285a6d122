/**
 * What informers deliver: add, update (old and new object) and delete events, to any
 * number of handlers. A delete seen only on a relist (the object vanished while the watch
 * was down) carries `finalStateUnknown: true` and the last object the cache had (client-go's
 * tombstone). Handlers may be async; their throws and rejections are logged, never propagated.
 * client-go's `ResourceEventHandler`; not the controller's `EventHandler` (api/), which turns
 * events into reconcile requests.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Echo } from './written-objects.js';

export interface ResourceEventHandler<T extends KubernetesObject = KubernetesObject> {
  /**
   * `isInInitialList`: the object came with the first list (or the replay of a late handler).
   * `echoOf`: the watch event is exactly the result of this controller's own status write
   * (a promise of it while a status write of the key is in flight; see written-objects.ts).
   */
  onAdd?(obj: T, isInInitialList: boolean, echoOf?: Echo): void | Promise<void>;
  onUpdate?(oldObj: T, newObj: T, echoOf?: Echo): void | Promise<void>;
  onDelete?(obj: T, finalStateUnknown: boolean): void | Promise<void>;
}

/** Returned by `addEventHandler`. */
export interface HandlerRegistration {
  /** Stops delivery to the handler. */
  remove(): void;
  /** True once the handler has been given every object of the informer's initial list. */
  hasSynced(): boolean;
}
