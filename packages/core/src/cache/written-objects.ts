/**
 * Read your own writes: the objects this process wrote through the manager's client, kept
 * per informer by key (`namespace/name`) until the informer's store has caught up with
 * them (JOSDK's read-cache-after-write; controller-runtime issue #3320). Reads prefer a
 * written object over the store's while it is newer, so a reconcile that follows its own
 * write never sees an older object than the one that write returned.
 *
 * "Newer" compares resourceVersions as integers. Kubernetes calls them opaque, but the
 * kube-apiserver's etcd-backed resourceVersions are decimal etcd revisions that grow with
 * every write of a resource; only when both sides are such integers are they compared.
 * An object whose resourceVersion is not one is never held, and then reads are the
 * store's, as without this overlay.
 *
 * An entry goes when a watch or list event for its key reaches or passes its
 * resourceVersion, when the key is deleted (by us or by a delete event), after `ttlMs`
 * (a watch that is down that long no longer holds reads back; they fall back to the
 * store), and, oldest first, beyond `maxEntries`.
 *
 * An entry also remembers the controller whose status write made it (`echoOf`): the watch
 * event that carries exactly that resourceVersion is the echo of that write and nothing
 * else (every other write to the key has its own resourceVersion and its own event). The
 * event may arrive before the write's answer: while a status write of the key is in flight
 * (`begin`), `observe` answers with a promise that settles with the writer once the answers
 * are in (or undefined when none of them has the event's resourceVersion).
 * @module
 */
import { type KubernetesObject, objectKey } from '../api/object.js';

export interface WrittenObjectsOptions {
  /** Default 1024 per informer. */
  maxEntries?: number;
  /** Default 60 s. */
  ttlMs?: number;
  /** Milliseconds now (tests). */
  now?: () => number;
}

/** Whether an event is a controller's own echo: its name, a promise of it, or undefined. */
export type Echo = string | Promise<string | undefined> | undefined;

interface Pending {
  controller: string;
  answer: Promise<KubernetesObject | undefined>;
}

interface Entry {
  obj: KubernetesObject;
  rv: bigint;
  echoOf: string | undefined;
  at: number;
}

const DECIMAL = /^[1-9][0-9]{0,30}$/;

/** A resourceVersion as a comparable integer; undefined when it is not an etcd revision. */
export function comparableVersion(obj: KubernetesObject | undefined): bigint | undefined {
  const rv = obj?.metadata?.resourceVersion;
  return rv !== undefined && DECIMAL.test(rv) ? BigInt(rv) : undefined;
}

export class WrittenObjects {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Set<Pending>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: WrittenObjectsOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Holds an object a write returned (unless the store's `stored` or an entry held already
   * is at least as new).
   */
  record(obj: KubernetesObject, echoOf: string | undefined, stored?: KubernetesObject): void {
    const key = objectKey(obj);
    const rv = comparableVersion(obj);
    if (rv === undefined) {
      this.entries.delete(key);
      return;
    }
    const held = this.entries.get(key);
    if (held !== undefined && held.rv >= rv) return;
    const storedRV = comparableVersion(stored);
    if (storedRV !== undefined && storedRV >= rv) {
      this.entries.delete(key);
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { obj, rv, echoOf, at: this.now() });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * A status write of `key` by `controller` is in flight; call the returned function with
   * its answer (undefined when it failed) once it is in and recorded.
   */
  begin(key: string, controller: string): (answer: KubernetesObject | undefined) => void {
    let settle: (answer: KubernetesObject | undefined) => void = () => {};
    const write: Pending = { controller, answer: new Promise((resolve) => (settle = resolve)) };
    let writes = this.pending.get(key);
    if (writes === undefined) {
      writes = new Set();
      this.pending.set(key, writes);
    }
    writes.add(write);
    return (answer) => {
      writes.delete(write);
      if (writes.size === 0 && this.pending.get(key) === writes) this.pending.delete(key);
      settle(answer);
    };
  }

  /** Drops the entry of a key (deleted objects, objects that left the informer's scope). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /**
   * The store received `obj`: returns the controller whose status write it echoes (its
   * resourceVersion is exactly that write's; a promise while status writes of the key are
   * in flight), and drops the entry once the store has caught up.
   */
  observe(obj: KubernetesObject): Echo {
    const key = objectKey(obj);
    const held = this.entries.get(key);
    const rv = comparableVersion(obj);
    if (held !== undefined) {
      if (rv === undefined || rv >= held.rv) this.entries.delete(key);
      if (rv === held.rv && held.echoOf !== undefined) return held.echoOf;
    }
    const writes = this.pending.get(key);
    if (writes === undefined || rv === undefined) return undefined;
    return Promise.all(
      [...writes].map(async (w) => (comparableVersion(await w.answer) === rv ? w.controller : undefined)),
    ).then((writers) => writers.find((w) => w !== undefined));
  }

  /** The written object of `key` when it is newer than the store's `stored` (else undefined, and the entry goes). */
  newer(key: string, stored: KubernetesObject | undefined): KubernetesObject | undefined {
    const held = this.entries.get(key);
    if (held === undefined) return undefined;
    if (this.now() - held.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (stored === undefined) return held.obj;
    const rv = comparableVersion(stored);
    if (rv === undefined || rv >= held.rv) {
      this.entries.delete(key);
      return undefined;
    }
    return held.obj;
  }

  /** Every written object newer than the store's, by key. */
  newerThan(lookup: (key: string) => KubernetesObject | undefined): Map<string, KubernetesObject> {
    const out = new Map<string, KubernetesObject>();
    for (const key of [...this.entries.keys()]) {
      const obj = this.newer(key, lookup(key));
      if (obj !== undefined) out.set(key, obj);
    }
    return out;
  }
}
