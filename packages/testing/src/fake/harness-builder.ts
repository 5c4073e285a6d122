/**
 * `HarnessBuilder`: the reconcile harness's `controllerManagedBy()` — the same calls as
 * core's builder (and what `wireControllerInto` drives for decorated controllers), turned
 * into the same sources: `for` → `enqueueRequestForObject`, `owns` → `enqueueRequestForOwner`
 * of the `for` kind (controller owner only unless `matchEveryOwner`), `watches` → the given
 * handler, event filters on every kind watch; kind sources read the fake client's informers.
 * @module
 */
import {
  type controller,
  type EventHandler,
  handler,
  type Predicate,
  type Reconciler,
  type ResourceType,
  type Source,
  source,
} from '@operant/core';
import { EnvtestError } from '../envtest/errors.js';
import type { FakeInformers } from './informers.js';

export interface HarnessControllerSpec {
  name: string;
  reconciler: Reconciler;
  sources: Source[];
}

type KindInput = { type: ResourceType; predicates: readonly Predicate[] };

export class HarnessBuilder {
  private forInput: KindInput | undefined;
  private readonly ownsInputs: (KindInput & { matchEveryOwner: boolean })[] = [];
  private readonly watchesInputs: (KindInput & { handler: EventHandler })[] = [];
  private readonly rawSources: Source[] = [];
  private readonly filters: Predicate[] = [];
  private name: string | undefined;

  constructor(
    private readonly informers: FakeInformers,
    private readonly register: (spec: HarnessControllerSpec) => void,
  ) {}

  named(name: string): this {
    this.name = name;
    return this;
  }

  /** Accepted for parity with the builder; the harness runs one reconcile at a time. */
  withOptions(_options: controller.ControllerOptions): this {
    return this;
  }

  for(type: ResourceType, options: { predicates?: readonly Predicate[] } = {}): this {
    this.forInput = { type, predicates: options.predicates ?? [] };
    return this;
  }

  owns(type: ResourceType, options: { predicates?: readonly Predicate[]; matchEveryOwner?: boolean } = {}): this {
    this.ownsInputs.push({
      type,
      predicates: options.predicates ?? [],
      matchEveryOwner: options.matchEveryOwner ?? false,
    });
    return this;
  }

  watches(type: ResourceType, eventHandler: EventHandler, options: { predicates?: readonly Predicate[] } = {}): this {
    this.watchesInputs.push({ type, handler: eventHandler, predicates: options.predicates ?? [] });
    return this;
  }

  watchesRawSource(raw: Source): this {
    this.rawSources.push(raw);
    return this;
  }

  withEventFilter(...predicates: Predicate[]): this {
    this.filters.push(...predicates);
    return this;
  }

  /** Adds the controller to the harness. */
  complete(reconciler: Reconciler): HarnessControllerSpec {
    const info = this.forInput && this.informers.getInformer(this.forInput.type).info;
    const name = this.name ?? info?.kind.toLowerCase();
    if (name === undefined)
      throw new EnvtestError('invalidConfig', 'unable to add a controller to the harness: use for() or named()');
    const all = (own: readonly Predicate[]) => [...this.filters, ...own];
    const sources: Source[] = [];
    if (this.forInput !== undefined) {
      sources.push(
        source.kind(
          this.informers,
          this.forInput.type,
          handler.enqueueRequestForObject(),
          ...all(this.forInput.predicates),
        ),
      );
    }
    for (const input of this.ownsInputs) {
      if (info === undefined)
        throw new EnvtestError('invalidConfig', `unable to add controller ${name} to the harness: owns() needs for()`);
      const owner = handler.enqueueRequestForOwner(info, { onlyController: !input.matchEveryOwner });
      sources.push(source.kind(this.informers, input.type, owner, ...all(input.predicates)));
    }
    for (const input of this.watchesInputs) {
      sources.push(source.kind(this.informers, input.type, input.handler, ...all(input.predicates)));
    }
    sources.push(...this.rawSources);
    const spec = { name, reconciler, sources };
    this.register(spec);
    return spec;
  }
}
