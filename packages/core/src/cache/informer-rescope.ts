/**
 * Shard re-scoping of a `SharedIndexInformer`: its reflectors come in generations, one per
 * scope, and `Generations.rescope(shard)` replaces the current one (see shard-scope.ts). It
 * stops the current reflectors and waits for them to exit, narrows what the informer holds
 * to the new scope, and starts new reflectors with the base scope plus `shard`; their first
 * lists go through the informer's store as a relist does. `null` holds nothing: no
 * reflector, an empty store, synced. Calls are serialized; of several waiting, only the
 * newest is applied. The informer keeps the store, the fan-out and the echo tracking.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { RestClient } from '../client/rest.js';
import { compileLabelSelector } from '../client/selectors.js';
import type { ResourceInfo } from '../resources/resource-type.js';
import { Reflector, type ReflectorHealth, type ReflectorOptions, type ReflectorSink } from './reflector.js';
import { andLabelSelectors, type ShardScope } from './shard-scope.js';

/** The reflectors of one scope: replaced as a whole by `rescope`. */
export interface Generation {
  reflectors: { namespace: string | undefined; reflector: Reflector }[];
  /** Namespaces whose first list of this generation is in the store. */
  listed: Set<string | undefined>;
  /** Resolves once every reflector's first list is in the store. */
  synced: Promise<void>;
  markSynced: () => void;
  controller: AbortController;
  /** Settles once the reflectors have exited (set when they start). */
  done: Promise<void> | undefined;
}

/** What the reflectors of every generation share: the informer's kind, base scope and sink. */
export interface GenerationsOptions {
  rest: RestClient;
  info: ResourceInfo;
  scope: { labelSelector?: string; fieldSelector?: string; metadataOnly?: boolean };
  /** One reflector per namespace; undefined = all. */
  namespaces: readonly (string | undefined)[];
  reflectorOptions: ReflectorOptions;
  /** Where a reflector of `generation` delivers. */
  sink(generation: Generation, namespace: string | undefined): ReflectorSink;
}

/** What re-scoping does to its informer. */
export interface RescopeTarget {
  /** The signal of the running informer; undefined before it runs. */
  running(): AbortSignal | undefined;
  /** From now on the informer holds only the objects `inScope` accepts. */
  narrow(inScope: (obj: KubernetesObject) => boolean): void;
  /** The scope is `null`: the informer deletes what it holds and counts as synced. */
  holdNothing(): void;
}

export class Generations {
  current: Generation;
  /** Lists done by the reflectors of earlier generations, by namespace (health counts on). */
  private readonly retiredLists = new Map<string | undefined, number>();
  /** The newest scope asked for and not yet applied, and the loop applying them. */
  private wanted: { shard: ShardScope | null } | undefined;
  private applying: Promise<void> | undefined;

  constructor(
    private readonly options: GenerationsOptions,
    private readonly target: RescopeTarget,
    /** Whether an object is in the base scope (namespaces and selectors). */
    private readonly baseScope: (obj: KubernetesObject) => boolean,
  ) {
    this.current = this.newGeneration(undefined);
  }

  /** The re-scoping under way, if any. */
  get pending(): Promise<void> | undefined {
    return this.applying;
  }

  /** Replaces the shard scope (null: hold nothing); see the module doc. */
  rescope(shard: ShardScope | null): Promise<void> {
    this.wanted = { shard };
    this.applying ??= this.applyWanted();
    return this.applying;
  }

  /** Starts the reflectors of `generation` until `signal` or its own controller aborts. */
  start(generation: Generation, signal: AbortSignal): void {
    const both = AbortSignal.any([signal, generation.controller.signal]);
    generation.done = Promise.all(generation.reflectors.map((r) => r.reflector.run(both))).then(() => {});
  }

  /** The health of the current reflectors, their lists counted on from earlier generations. */
  reflectorHealth(): (ReflectorHealth & { namespace: string | undefined })[] {
    return this.current.reflectors.map((r) => {
      const health = r.reflector.health();
      return { ...health, lists: health.lists + (this.retiredLists.get(r.namespace) ?? 0), namespace: r.namespace };
    });
  }

  private async applyWanted(): Promise<void> {
    for (;;) {
      const next = this.wanted;
      if (next === undefined) {
        this.applying = undefined;
        return;
      }
      this.wanted = undefined;
      await this.applyScope(next.shard);
    }
  }

  private async applyScope(shard: ShardScope | null): Promise<void> {
    const running = this.target.running();
    const old = this.current;
    if (running !== undefined && !running.aborted) {
      old.controller.abort();
      await old.done;
    }
    for (const { namespace, reflector } of old.reflectors) {
      this.retiredLists.set(namespace, (this.retiredLists.get(namespace) ?? 0) + reflector.health().lists);
    }
    this.target.narrow(shardMatcher(this.baseScope, shard));
    const next = this.newGeneration(shard);
    this.current = next;
    if (shard === null) {
      this.target.holdNothing();
      return;
    }
    if (running === undefined || running.aborted) return;
    this.start(next, running);
    let onAbort = () => {};
    const stopped = new Promise<void>((resolve) => {
      onAbort = resolve;
      running.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([next.synced, stopped]);
    } finally {
      running.removeEventListener('abort', onAbort);
    }
  }

  private newGeneration(shard: ShardScope | null | undefined): Generation {
    let markSynced = () => {};
    const synced = new Promise<void>((resolve) => {
      markSynced = resolve;
    });
    const generation: Generation = {
      reflectors: [],
      listed: new Set(),
      synced,
      markSynced,
      controller: new AbortController(),
      done: undefined,
    };
    if (shard === null) return generation;
    const { rest, info, scope, reflectorOptions } = this.options;
    generation.reflectors = this.options.namespaces.map((namespace) => ({
      namespace,
      reflector: new Reflector(
        rest,
        {
          info,
          namespace,
          labelSelector: andLabelSelectors(scope.labelSelector, shard?.labelSelector),
          fieldSelector: scope.fieldSelector,
          shardSelector: shard?.shardSelector,
          metadataOnly: scope.metadataOnly,
        },
        this.options.sink(generation, namespace),
        reflectorOptions,
      ),
    }));
    return generation;
  }
}

/** The base scope narrowed to a shard (null: nothing). */
function shardMatcher(
  baseScope: (obj: KubernetesObject) => boolean,
  shard: ShardScope | null,
): (obj: KubernetesObject) => boolean {
  if (shard === null) return () => false;
  const labels = shard.labelSelector ? compileLabelSelector(shard.labelSelector) : undefined;
  const matches = shard.matches;
  return (obj) =>
    baseScope(obj) &&
    (labels === undefined || labels.matches(obj.metadata?.labels)) &&
    (matches === undefined || matches(obj));
}
