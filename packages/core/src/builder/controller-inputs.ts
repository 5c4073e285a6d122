/**
 * What a controller declaration records (controller-runtime's builder inputs) and the
 * sources they stand for: `for` → a kind source with `enqueueRequestForObject()`; `owns` →
 * a kind source with `enqueueRequestForOwner(For, { onlyController })`, and so does each
 * `dependent` kind not owned already (`withDependents` turns the dependents, external ones
 * too, into the controller's reconciler, see @operant/core/dependent; an external dependent
 * has no kind to watch); `watches` → a kind
 * source with the given handler, its initial-list and unchanged events at low priority
 * (`withLowPriorityWhenUnchanged`, as Go's `handler.Funcs` has it); event filters on every
 * kind watch; raw sources as they are.
 *
 * `Builder` checks them (`check`: the controller rules) and acts on them for a Manager.
 * @operant/testing's reconcile harness extends this class too, so its controllers are
 * checked as the runtime's are and watch exactly what the runtime's would.
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import type { Reconciler } from '../api/reconciler.js';
import type { Source } from '../api/source.js';
import type { IndexExtractor } from '../cache/store.js';
import type { Client, Reader } from '../client/interfaces.js';
import type { ControllerOptions } from '../controller/controller.js';
import type {
  DependentOptions,
  DependentReconciler,
  DependentStatusFunc,
  DesiredFunc,
} from '../dependent/dependent.js';
import { DEPENDENT_INDEX, DependentRunner, dependentIndexValues } from '../dependent/dependent-runner.js';
import { dependentsReconciler } from '../dependent/dependents-reconciler.js';
import type { ExternalDependentOptions, ExternalResource } from '../dependent/external.js';
import { ExternalRunner } from '../dependent/external-runner.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { enqueueRequestForOwner } from '../handler/enqueue-for-owner.js';
import { withLowPriorityWhenUnchanged } from '../handler/low-priority.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { type InformerSource, kind } from '../source/kind.js';
import {
  type CheckedController,
  type ControllerEnvironment,
  checkController,
  unknownKindMessage,
} from './controller-rules.js';
import { checkDependents, checkFinalizerName } from './dependent-rules.js';

export interface ForOptions {
  predicates?: readonly Predicate[];
}

export interface OwnsOptions {
  predicates?: readonly Predicate[];
  /** Enqueue every owner of the kind, not only the controller owner. Default false. */
  matchEveryOwner?: boolean;
}

/** The options of `watches()`; `@Watches(Type, options)` takes these too (plus its `handler`). */
export interface WatchesOptions {
  predicates?: readonly Predicate[];
}

type KindInput = { type: ResourceType; predicates: readonly Predicate[] };
type DependentInput = { type: ResourceType; desired: DesiredFunc; options: DependentOptions; external?: undefined };
type ExternalInput = { resource: ExternalResource; options: ExternalDependentOptions };

/** The dependents, checked: each with its kind resolved (none for an external one) and its name settled. */
type CheckedDependent =
  | (DependentInput & { info: ResourceInfo; name: string })
  | (ExternalInput & { name: string; external: true });

/** What dependents need of a cluster: its client, its API reader, and its cache's informers and indexes. */
interface DependentCluster {
  client: Client;
  /** Reads straight from the API server: external dependents read through it while the primary is being deleted. */
  apiReader: Reader;
  cache: InformerSource & { indexField(type: ResourceType, name: string, extract: IndexExtractor): void };
}

export class ControllerInputs {
  protected forInput: KindInput | undefined;
  protected readonly ownsInputs: (KindInput & { matchEveryOwner: boolean })[] = [];
  protected readonly watchesInputs: (KindInput & { handler: EventHandler })[] = [];
  protected readonly rawSources: Source[] = [];
  protected readonly globalPredicates: Predicate[] = [];
  protected name: string | undefined;
  protected options: ControllerOptions = {};
  protected forCalls = 0;
  /** In declaration order, external ones among them. */
  protected readonly dependentInputs: (DependentInput | (ExternalInput & { external: true }))[] = [];
  protected dependentStatus: DependentStatusFunc | false | undefined;

  /** The kind this controller reconciles (one `for` per controller). */
  for(type: ResourceType, options: ForOptions = {}): this {
    this.forCalls++;
    this.forInput = { type, predicates: options.predicates ?? [] };
    return this;
  }

  /** A kind this controller creates; events on it reconcile its controller owner. */
  owns(type: ResourceType, options: OwnsOptions = {}): this {
    this.ownsInputs.push({
      type,
      predicates: options.predicates ?? [],
      matchEveryOwner: options.matchEveryOwner ?? false,
    });
    return this;
  }

  /** Events of any kind, mapped to requests by `handler`. */
  watches<T extends KubernetesObject>(
    type: ResourceType<T>,
    handler: EventHandler<T>,
    options: WatchesOptions = {},
  ): this {
    this.watchesInputs.push({ type, handler: handler as EventHandler, predicates: options.predicates ?? [] });
    return this;
  }

  /**
   * A kind of child made to look like `desired(primary)` (java-operator-sdk's dependent
   * resource): applied by server-side apply with the primary's controller reference, not
   * written when the server already holds it, deleted when no longer desired; watched as
   * `owns(type)`. `desired` returns an apply configuration, a list of them (one child
   * each), or nothing. See `DependentOptions` for names, order, readiness and activation.
   */
  dependent<C extends KubernetesObject, P extends KubernetesObject = never>(
    type: ResourceType<C>,
    desired: DesiredFunc<P, C>,
    options: DependentOptions<P, C> = {},
  ): this {
    this.dependentInputs.push({ type, desired: desired as DesiredFunc, options: options as DependentOptions });
    return this;
  }

  /**
   * Something kept for each primary that cannot carry its owner reference (java-operator-sdk's
   * external dependent resource: a record elsewhere, an object in another namespace, a
   * cluster-scoped object): `resource` reads, applies and deletes it. The primary carries the
   * finalizer `operant.dev/dependents` (or `withOptions({ finalizerName })`) until, once it is
   * deleted, every external dependent's delete succeeded, each after a read from the API
   * server (`context.reader`). `options.name` is required (names `dependsOn` and conditions).
   */
  externalDependent<P extends KubernetesObject = never, R = unknown>(
    resource: ExternalResource<P, R>,
    options: ExternalDependentOptions<P, R> & { name: string },
  ): this {
    this.dependentInputs.push({
      resource: resource as ExternalResource,
      options: options as ExternalDependentOptions,
      external: true,
    });
    return this;
  }

  /**
   * The conditions the dependents' outcome sets on the primary's status (default
   * `readyCondition`: one `Ready` condition); `false` writes no status.
   */
  withDependentStatus<P extends KubernetesObject = never>(status: DependentStatusFunc<P> | false): this {
    this.dependentStatus = status as DependentStatusFunc | false;
    return this;
  }

  /** A source as it is (channels, custom sources); the event filters do not apply to it. */
  watchesRawSource(source: Source): this {
    this.rawSources.push(source);
    return this;
  }

  /** Predicates applied to every `for`, `owns` and `watches` event. */
  withEventFilter(...predicates: Predicate[]): this {
    this.globalPredicates.push(...predicates);
    return this;
  }

  /** The controller's name (logs, metrics); defaults to the lowercase kind of `for`. */
  named(name: string): this {
    this.name = name;
    return this;
  }

  withOptions(options: ControllerOptions): this {
    this.options = { ...this.options, ...options };
    return this;
  }

  /** The recorded inputs against the controller and dependent rules, kinds resolved and names looked up in `env`. */
  protected check(env: ControllerEnvironment): CheckedController & { dependents: CheckedDependent[] } {
    const checked = this.checkController(env);
    const dependents: CheckedDependent[] = [];
    for (const input of this.dependentInputs) {
      if (input.external) {
        dependents.push({ ...input, name: input.options.name ?? '' });
        continue;
      }
      const info = env.resolve(input.type);
      const where = `dependent(${info?.kind ?? (typeof input.type === 'function' ? input.type.name : input.type.kind)})`;
      if (info === undefined)
        checked.problems.push({ kind: 'unknownKind', message: unknownKindMessage(where, input.type) });
      else dependents.push({ ...input, info, name: input.options.name ?? info.kind.toLowerCase() });
    }
    const declared = dependents.map((d) => ({
      name: d.name,
      dependsOn: d.options.dependsOn ?? [],
      where: d.external ? `externalDependent ${d.name}` : `dependent(${d.info.kind}) ${d.name}`,
    }));
    checked.problems.push(...checkDependents('', declared, this.forInput !== undefined));
    checked.problems.push(...checkFinalizerName('', this.options.finalizerName));
    return { ...checked, dependents };
  }

  /**
   * `reconciler` as the controller runs it: alone without dependents, else after them
   * (`dependentsReconciler`), for the `for` kind `forInfo`, under the controller's `name`.
   */
  protected withDependents(
    reconciler: DependentReconciler | undefined,
    cluster: DependentCluster,
    checked: { name: string; forInfo: ResourceInfo | undefined; dependents: readonly CheckedDependent[] },
  ): Reconciler {
    const { name, forInfo, dependents } = checked;
    if (dependents.length === 0 || forInfo === undefined || this.forInput === undefined)
      return reconciler as Reconciler;
    const indexed = new Set<ResourceType>();
    const externals: ExternalRunner[] = [];
    const runners = dependents.map((d) => {
      if (d.external) {
        const spec = { name: d.name, resource: d.resource, options: d.options };
        const runner = new ExternalRunner(spec, { cached: cluster.client, live: cluster.apiReader });
        externals.push(runner);
        return runner;
      }
      const fieldOwner = d.options.fieldOwner ?? name;
      cluster.cache.getInformer(d.type).keepManagedFields?.(fieldOwner);
      if (!indexed.has(d.type)) cluster.cache.indexField(d.type, DEPENDENT_INDEX, dependentIndexValues);
      indexed.add(d.type);
      return new DependentRunner({ ...d, fieldOwner }, cluster.client);
    });
    return dependentsReconciler({
      client: cluster.client,
      type: this.forInput.type,
      info: forInfo,
      runners,
      externals,
      fieldOwner: name,
      finalizer: this.options.finalizerName,
      status: this.dependentStatus,
      reconciler,
    });
  }

  private checkController(env: ControllerEnvironment): CheckedController {
    const declared = (where: string) => (input: KindInput) => ({ type: input.type, where });
    return checkController(
      {
        subject: '',
        for: this.forInput === undefined ? [] : Array(this.forCalls).fill(declared('for()')(this.forInput)),
        owns: this.ownsInputs.map(declared('owns()')),
        watches: this.watchesInputs.map(declared('watches()')),
        rawSources: this.rawSources.length,
        name: this.name,
        nameHint: 'use named()',
        sharded: this.options.sharded,
      },
      env,
    );
  }

  /** The sources the inputs stand for, with kinds read from `cache`; `forInfo` is the `for` kind. */
  protected sources(cache: InformerSource, forInfo: ResourceInfo | undefined): Source[] {
    const filters = (own: readonly Predicate[]) => [...this.globalPredicates, ...own];
    const sources: Source[] = [];
    if (this.forInput !== undefined) {
      sources.push(kind(cache, this.forInput.type, enqueueRequestForObject(), ...filters(this.forInput.predicates)));
    }
    for (const input of forInfo === undefined ? [] : this.ownsInputs) {
      const handler = enqueueRequestForOwner(forInfo as ResourceInfo, { onlyController: !input.matchEveryOwner });
      sources.push(kind(cache, input.type, handler, ...filters(input.predicates)));
    }
    const owned = new Set(this.ownsInputs.map((input) => input.type));
    for (const input of forInfo === undefined ? [] : this.dependentInputs) {
      if (input.external || owned.has(input.type)) continue;
      owned.add(input.type);
      const handler = enqueueRequestForOwner(forInfo as ResourceInfo, { onlyController: true });
      sources.push(kind(cache, input.type, handler, ...filters([])));
    }
    for (const input of this.watchesInputs) {
      const handler = withLowPriorityWhenUnchanged(input.handler);
      sources.push(kind(cache, input.type, handler, ...filters(input.predicates)));
    }
    sources.push(...this.rawSources);
    return sources;
  }
}
