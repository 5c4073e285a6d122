/**
 * Turns a scanned controller and its instance into builder calls — the only way decorated
 * controllers reach the runtime, so decorators and builder behave the same. User methods
 * are called on the instance; their throws take the controller's or the source's error path.
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import type { Request } from '../api/request.js';
import type { Source } from '../api/source.js';
import { controllerManagedBy } from '../builder/builder.js';
import type { Controller, ControllerOptions } from '../controller/controller.js';
import type { MemberKey } from '../decorators/metadata/types.js';
import type {
  DependentOptions,
  DependentReconciler,
  DependentStatusFunc,
  DependentsOutcome,
  DesiredFunc,
} from '../dependent/dependent.js';
import type { ExternalDependentOptions, ExternalResource } from '../dependent/external.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { enqueueRequestsFromMapFunc } from '../handler/enqueue-from-map.js';
import type { Manager } from '../manager/interfaces.js';
import type { ResourceType } from '../resources/resource-type.js';
import { type ChannelInput, channel } from '../source/channel.js';
import type { ControllerSpec } from './scan-controller.js';

type Methods = Record<MemberKey, (...args: unknown[]) => unknown>;

/** A predicate from a method: called with the event and its kind (`'create'`, …), for every event kind. */
function methodPredicate(instance: Methods, member: MemberKey): Predicate {
  const call = (kind: string) => (event: unknown) => Boolean(instance[member]?.call(instance, event, kind));
  return { create: call('create'), update: call('update'), delete: call('delete'), generic: call('generic') };
}

/**
 * What a scanned controller is wired into: the builder's calls. `controllerManagedBy(manager)`
 * is one; @operant/testing's reconcile harness is another, so decorated controllers reach
 * a test the same way they reach the runtime.
 */
export interface ControllerWiring<C> {
  named(name: string): this;
  withOptions(options: ControllerOptions): this;
  for(type: ResourceType, options?: { predicates?: readonly Predicate[] }): this;
  owns(type: ResourceType): this;
  watches(type: ResourceType, handler: EventHandler, options?: { predicates?: readonly Predicate[] }): this;
  watchesRawSource(source: Source): this;
  dependent(type: ResourceType, desired: DesiredFunc, options?: DependentOptions): this;
  externalDependent(resource: ExternalResource, options: ExternalDependentOptions & { name: string }): this;
  withDependentStatus(status: DependentStatusFunc | false): this;
  complete(reconciler?: DependentReconciler): C;
}

export function wireController(manager: Manager, spec: ControllerSpec, instance: object): Controller {
  return wireControllerInto(controllerManagedBy(manager), spec, instance);
}

/** Drives `target` with the calls the decorators of `spec` stand for, calling methods on `instance`. */
export function wireControllerInto<C>(target: ControllerWiring<C>, spec: ControllerSpec, instance: object): C {
  const methods = instance as Methods;
  const builder = target.named(spec.name).withOptions(spec.options);
  const forPredicateMethods = spec.forPredicateMethods.map((m) => methodPredicate(methods, m));
  builder.for(spec.for, { predicates: [...spec.forPredicates, ...forPredicateMethods] });
  for (const owned of spec.owns) builder.owns(owned);
  for (const watch of spec.watches) {
    if (watch.source !== undefined) builder.watchesRawSource(watch.source);
    else if (watch.member !== undefined) {
      const member = watch.member;
      const map = async (obj: KubernetesObject) =>
        ((await methods[member]?.call(instance, obj)) ?? []) as readonly Request[];
      builder.watches(watch.type as never, enqueueRequestsFromMapFunc(map), { predicates: watch.predicates });
    } else if (watch.handler !== undefined) {
      builder.watches(watch.type as never, watch.handler, { predicates: watch.predicates });
    }
  }
  for (const member of spec.channels) {
    const input = methods[member]?.call(instance) as ChannelInput<KubernetesObject>;
    builder.watchesRawSource(channel(input, enqueueRequestForObject()));
  }
  for (const dependent of spec.dependents) {
    const member = dependent.member;
    if (dependent.external) {
      const resource = methods[member]?.call(instance) as ExternalResource;
      builder.externalDependent(resource, { ...dependent.options, name: dependent.options.name ?? String(member) });
      continue;
    }
    const desired: DesiredFunc = (primary, context) => methods[member]?.call(instance, primary, context) as never;
    builder.dependent(dependent.type, desired, dependent.options);
  }
  if (spec.dependentStatus !== undefined) builder.withDependentStatus(spec.dependentStatus);
  const reconcile = spec.reconcileMethod;
  if (reconcile === undefined) return builder.complete();
  const reconciler: DependentReconciler = {
    reconcile: (request, context, outcome?: DependentsOutcome) =>
      methods[reconcile]?.call(instance, request, context, outcome) as Promise<void>,
  };
  return builder.complete(reconciler);
}
