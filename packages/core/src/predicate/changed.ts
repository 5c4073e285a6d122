/**
 * Update filters on what changed between the old and new object; create, delete and
 * generic events pass. `generationChanged` skips status-only and metadata-only updates
 * (the API server bumps `generation` on spec changes only).
 * @module
 */
import type { UpdateEvent } from '../api/events.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';

const sameRecord = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean => {
  const ak = Object.keys(a ?? {});
  const bk = Object.keys(b ?? {});
  return ak.length === bk.length && ak.every((k) => b?.[k] === a?.[k]);
};

/** Passes updates whose `metadata.generation` changed. */
export const generationChanged = <T extends KubernetesObject = KubernetesObject>(): Predicate<T> => ({
  update: ({ objectOld, objectNew }: UpdateEvent<T>) =>
    objectOld.metadata?.generation !== objectNew.metadata?.generation,
});

/** Passes updates whose `metadata.resourceVersion` changed (drops resync replays). */
export const resourceVersionChanged = <T extends KubernetesObject = KubernetesObject>(): Predicate<T> => ({
  update: ({ objectOld, objectNew }: UpdateEvent<T>) =>
    objectOld.metadata?.resourceVersion !== objectNew.metadata?.resourceVersion,
});

/** Passes updates whose labels changed. */
export const labelChanged = <T extends KubernetesObject = KubernetesObject>(): Predicate<T> => ({
  update: ({ objectOld, objectNew }: UpdateEvent<T>) =>
    !sameRecord(objectOld.metadata?.labels, objectNew.metadata?.labels),
});

/** Passes updates whose annotations changed. */
export const annotationChanged = <T extends KubernetesObject = KubernetesObject>(): Predicate<T> => ({
  update: ({ objectOld, objectNew }: UpdateEvent<T>) =>
    !sameRecord(objectOld.metadata?.annotations, objectNew.metadata?.annotations),
});
