/**
 * The read side of a run: a cache that lags. It remembers every version of every object the
 * manager's cache answered with (across restarts). At the run's point — a read of an object
 * that has a history, named by the object, its generation and the read's number at it
 * (`Gadget/web@2#1`; `@gone` once deleted) — a stale window opens on that object: for its length, reads
 * through the manager's client and cache serve the object as it was before its current
 * generation (absent when it had no earlier one; the last version when it was deleted since),
 * as an HA API server behind a lagging watch would. When the window closes, the change the
 * lagging watch held back is delivered to the controllers' event handlers (an update from
 * the stale to the current object, or an add or a delete), so that a level-based reconciler
 * sees the present again.
 * @module
 */
import { isNotFound, type KubernetesObject } from '@operant/core';
import type { KubernetesList } from '@operant/core/api';
import type { ListOptions } from '@operant/core/client';
import { compileFieldSelector, compileLabelSelector, describeObject, type ResourceInfo } from '@operant/core/internal';
import { notFound } from '../fake/status-errors.js';
import type { Perturbation } from './perturbation.js';
import type { Random } from './random.js';
import { TimedWindow } from './timed-window.js';
import type { Injection } from './write-faults.js';

/** An object's namespace and name. */
export interface ObjectKey {
  namespace?: string;
  name: string;
}

/** What the cache held of one object at one time; `undefined` when it held none. */
type Version = KubernetesObject | undefined;

/** The object a stale window shows, and what it shows of it. */
interface Stale {
  key: string;
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  stale: Version;
}

/** Handlers registered on the manager's informers, by kind: where a held-back change is delivered. */
export interface HandlerSink {
  deliver(info: ResourceInfo, stale: Version, current: Version): void;
}

const keyOf = (info: ResourceInfo, namespace: string | undefined, name: string) =>
  `${info.group}/${info.kind}/${namespace ?? ''}/${name}`;

export class StaleReads {
  /** The reads of objects with a history so far (`Gadget/web@2#1`): the points of this perturbation. */
  readonly points: string[] = [];
  injection: Injection | undefined;
  private readonly history = new Map<string, Version[]>();
  private readonly readsAt = new Map<string, number>();
  private stale: Stale | undefined;
  private readonly window: TimedWindow;

  constructor(
    private readonly perturbation: Perturbation | undefined,
    windowMs: number,
    random: Random,
    private readonly current: (info: ResourceInfo, key: ObjectKey) => Promise<Version>,
    private readonly sink: HandlerSink,
    private readonly reconciling: () => Promise<Pick<Injection, 'controller' | 'reconcile'>>,
  ) {
    this.window = new TimedWindow(windowMs, random);
  }

  /** True while a stale window is open (the run is not quiet then). */
  get open(): boolean {
    return this.window.open;
  }

  /** A get: the cache's answer (`read`), or the stale one inside a window. */
  async get<T extends KubernetesObject>(info: ResourceInfo, key: ObjectKey, read: () => Promise<T>): Promise<T> {
    const k = keyOf(info, key.namespace, key.name);
    let answer: T | undefined;
    let missing: unknown;
    try {
      answer = await read();
    } catch (err) {
      if (!isNotFound(err)) throw err;
      missing = err;
    }
    this.remember(k, answer);
    const versions = this.history.get(k) ?? [];
    if (versions.length > 1 || answer !== undefined) this.maybeOpen(k, info, key, versions, answer);
    const w = this.stale;
    const served = w !== undefined && this.window.open && w.key === k ? (w.stale as T | undefined) : answer;
    if (served === undefined) throw missing ?? notFoundFor(info, key);
    return served;
  }

  /** A list: the cache's answer, with the object of an open window replaced by its stale version. */
  async list<T extends KubernetesObject>(
    info: ResourceInfo,
    options: ListOptions | undefined,
    read: () => Promise<KubernetesList<T>>,
  ): Promise<KubernetesList<T>> {
    const list = await read();
    for (const item of list.items) {
      this.remember(keyOf(info, item.metadata?.namespace, item.metadata?.name ?? ''), item);
    }
    const w = this.stale;
    if (w === undefined || !this.window.open || keyOf(info, options?.namespace ?? w.namespace, w.name) !== w.key)
      return list;
    const others = list.items.filter(
      (item) => keyOf(info, item.metadata?.namespace, item.metadata?.name ?? '') !== w.key,
    );
    const stale = w.stale as T | undefined;
    const shown = stale !== undefined && selects(options, stale) ? [stale] : [];
    return { ...list, items: [...others, ...shown] };
  }

  /** Stops the window's timer (the run is over). */
  stop(): void {
    this.window.stop();
  }

  private remember(key: string, version: Version): void {
    const versions = this.history.get(key);
    if (versions === undefined) {
      if (version !== undefined) this.history.set(key, [version]);
      return;
    }
    const last = versions[versions.length - 1];
    if (last?.metadata?.resourceVersion !== version?.metadata?.resourceVersion) versions.push(version);
  }

  private maybeOpen(
    key: string,
    info: ResourceInfo,
    objectKey: ObjectKey,
    versions: readonly Version[],
    answer: Version,
  ): void {
    // the object's generation (or version count) and the read's number at it: stable across runs
    const at = `${info.kind}/${objectKey.name}@${answer === undefined ? 'gone' : (answer.metadata?.generation ?? versions.length)}`;
    const count = (this.readsAt.get(at) ?? 0) + 1;
    this.readsAt.set(at, count);
    const point = `${at}#${count}`;
    this.points.push(point);
    const p = this.perturbation;
    if (p?.kind !== 'staleRead' || p.point !== point || this.window.started) return;
    const stale = staleVersion(versions);
    const w: Stale = { key, info, namespace: objectKey.namespace, name: objectKey.name, stale };
    this.stale = w;
    const length = this.window.start(() => void this.caughtUp(w, objectKey));
    const injection: Injection = {
      what: `stale read ${point} (a window of ${length} ms showing ${describeVersion(stale)})`,
      on: `get ${describeObject(info, objectKey.namespace, objectKey.name)}`,
      controller: undefined,
      reconcile: undefined,
    };
    this.injection = injection;
    void this.reconciling().then((where) => Object.assign(injection, where));
  }

  /** The watch caught up: the change it held back reaches the handlers. */
  private async caughtUp(w: Stale, objectKey: ObjectKey): Promise<void> {
    const current = await this.current(w.info, objectKey).catch(() => undefined);
    this.sink.deliver(w.info, w.stale, current);
  }
}

/**
 * What a lagging cache shows of an object whose versions were `versions` (the last is the
 * present): the last version of an earlier generation, or nothing when there was none; for an
 * object deleted since, its last version.
 */
export function staleVersion(versions: readonly Version[]): Version {
  const present = versions[versions.length - 1];
  if (present === undefined) return [...versions].reverse().find((v) => v !== undefined);
  const generation = present.metadata?.generation;
  for (let i = versions.length - 2; i >= 0; i--) {
    const v = versions[i];
    if (v === undefined) return undefined;
    if (generation === undefined || v.metadata?.generation !== generation) return v;
  }
  return undefined;
}

function describeVersion(v: Version): string {
  if (v === undefined) return 'the object absent';
  const generation = v.metadata?.generation;
  return `resourceVersion ${v.metadata?.resourceVersion}${generation === undefined ? '' : `, generation ${generation}`}`;
}

/** Whether a list with these options would include `obj` (index fields cannot be evaluated: then no). */
function selects(options: ListOptions | undefined, obj: KubernetesObject): boolean {
  if (options?.matchingFields !== undefined) return false;
  if (
    options?.labelSelector !== undefined &&
    !compileLabelSelector(options.labelSelector).matches(obj.metadata?.labels)
  ) {
    return false;
  }
  return options?.fieldSelector === undefined || compileFieldSelector(options.fieldSelector).matches(obj);
}

function notFoundFor(info: ResourceInfo, key: ObjectKey): Error {
  return notFound(`unable to get ${describeObject(info, key.namespace, key.name)}`, info, key.name);
}
