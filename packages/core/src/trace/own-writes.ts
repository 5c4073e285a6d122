/**
 * The writes a controller made (create, update, patch, status), as the API server answered
 * them, so that an event whose `resourceVersion` is one of them is known to be the
 * controller's own doing ("self"), and the fields it changed between two successive versions
 * of an object it wrote can be named. Bounded: the last `MAX_OWN_WRITES` resourceVersions
 * and the last `MAX_WRITTEN_OBJECTS` objects (two versions each), oldest dropped first.
 *
 * resourceVersions are compared as they are: the kube-apiserver's are etcd revisions, unique
 * across the resources of one etcd.
 * @module
 */

/** resourceVersions remembered per controller. */
export const MAX_OWN_WRITES = 1024;
/** Objects whose last two written versions are remembered per controller. */
export const MAX_WRITTEN_OBJECTS = 64;

/** One write, as a reconcile record lists it. */
export interface WriteRecord {
  /** `POST`, `PUT`, `PATCH`. */
  readonly verb: string;
  readonly kind?: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly resourceVersion?: string;
}

/** The fields of an answered object this module reads. */
export interface WrittenObject {
  kind?: string;
  metadata?: { namespace?: string; name?: string; resourceVersion?: string };
}

interface Versions {
  last: WrittenObject;
  previous: WrittenObject | undefined;
}

export class OwnWrites {
  /** resourceVersion → the object's key. */
  private readonly versions = new Map<string, string>();
  private readonly objects = new Map<string, Versions>();

  /** Records a write's answer; returns what a reconcile record lists of it. */
  wrote(verb: string, obj: WrittenObject): WriteRecord {
    const meta = obj.metadata;
    const rv = meta?.resourceVersion;
    const record = { verb, kind: obj.kind, namespace: meta?.namespace, name: meta?.name, resourceVersion: rv };
    if (rv === undefined) return record;
    const key = `${obj.kind}/${meta?.namespace ?? ''}/${meta?.name ?? ''}`;
    const held = this.objects.get(key);
    this.objects.delete(key);
    this.objects.set(key, { last: obj, previous: held?.last });
    if (this.objects.size > MAX_WRITTEN_OBJECTS) this.objects.delete(this.objects.keys().next().value as string);
    this.versions.set(rv, key);
    if (this.versions.size > MAX_OWN_WRITES) this.versions.delete(this.versions.keys().next().value as string);
    return record;
  }

  /** Whether `resourceVersion` is one this controller's writes returned. */
  isOwn(resourceVersion: string | undefined): boolean {
    return resourceVersion !== undefined && this.versions.has(resourceVersion);
  }

  /** The last two versions written of the object whose write returned `resourceVersion`. */
  versionsOf(resourceVersion: string): { previous: WrittenObject; last: WrittenObject } | undefined {
    const key = this.versions.get(resourceVersion);
    const held = key === undefined ? undefined : this.objects.get(key);
    return held?.previous === undefined ? undefined : { previous: held.previous, last: held.last };
  }
}
