/**
 * What a controller declaration records (controller-runtime's builder inputs) and the
 * sources they stand for: `for` → a kind source with `enqueueRequestForObject()`; `owns` →
 * a kind source with `enqueueRequestForOwner(For, { onlyController })`; `watches` → a kind
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
import type { Source } from '../api/source.js';
import type { ControllerOptions } from '../controller/controller.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { enqueueRequestForOwner } from '../handler/enqueue-for-owner.js';
import { withLowPriorityWhenUnchanged } from '../handler/low-priority.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { type InformerSource, kind } from '../source/kind.js';
import { type CheckedController, type ControllerEnvironment, checkController } from './controller-rules.js';

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

export class ControllerInputs {
  protected forInput: KindInput | undefined;
  protected readonly ownsInputs: (KindInput & { matchEveryOwner: boolean })[] = [];
  protected readonly watchesInputs: (KindInput & { handler: EventHandler })[] = [];
  protected readonly rawSources: Source[] = [];
  protected readonly globalPredicates: Predicate[] = [];
  protected name: string | undefined;
  protected options: ControllerOptions = {};
  protected forCalls = 0;

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

  /** The recorded inputs against the controller rules, kinds resolved and names looked up in `env`. */
  protected check(env: ControllerEnvironment): CheckedController {
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
    for (const input of this.watchesInputs) {
      const handler = withLowPriorityWhenUnchanged(input.handler);
      sources.push(kind(cache, input.type, handler, ...filters(input.predicates)));
    }
    sources.push(...this.rawSources);
    return sources;
  }
}
