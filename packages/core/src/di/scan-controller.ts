/**
 * The scanner, pure: reads each listed class's metadata and checks every rule that spans
 * decorators (exactly one `@Reconcile`, `owns` needs `for`, map methods take one argument,
 * predicates sit on the class, a `@Watches` method, the `@Reconcile` method (the `for` kind
 * only) or as a predicate method, kinds are
 * known, names are unique), collecting all problems before it throws one `ScanError`.
 * @module
 */
import type { Predicate } from '../api/predicate.js';
import type { ControllerOptions } from '../controller/controller.js';
import { getControllerMetadata } from '../decorators/metadata/storage.js';
import type { MemberKey, WatchMetadata } from '../decorators/metadata/types.js';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/resource-type.js';
import { ScanError, type ScanProblem } from './errors.js';

// biome-ignore lint/suspicious/noExplicitAny: any constructor
export type ControllerClass = new (...args: any[]) => object;

/** What the scanner produces for one controller class. */
export interface ControllerSpec {
  type: ControllerClass;
  name: string;
  for: ResourceType;
  owns: readonly ResourceType[];
  watches: readonly WatchMetadata[];
  channels: readonly MemberKey[];
  /** Predicates on the `@Reconcile` method: the `for` kind's events only (`for(Type, { predicates })`). */
  forPredicates: readonly Predicate[];
  /** Class-level predicates (`withEventFilter`). */
  eventFilters: readonly Predicate[];
  /** Methods that are predicates themselves (class-level). */
  predicateMethods: readonly MemberKey[];
  reconcileMethod: MemberKey;
  options: ControllerOptions;
}

const typeName = (t: ResourceType): string => (typeof t === 'function' ? t.name : t.kind);

function scanOne(
  type: ControllerClass,
  registry: ResourceRegistry,
  problems: ScanProblem[],
): ControllerSpec | undefined {
  const meta = getControllerMetadata(type);
  if (meta?.options === undefined) {
    problems.push({
      kind: 'missingController',
      message: `${type.name} is listed in "controllers" but has no @Controller decorator`,
    });
    return undefined;
  }
  const { for: forType, owns = [], name, ...options } = meta.options;
  const before = problems.length;
  if (meta.reconcileMethods.length === 0) {
    problems.push({ kind: 'missingReconcile', message: `@Controller ${type.name} has no method marked @Reconcile()` });
  } else if (meta.reconcileMethods.length > 1) {
    problems.push({
      kind: 'multipleReconcile',
      message: `@Controller ${type.name} has @Reconcile() on ${meta.reconcileMethods.map(String).join(', ')}; exactly one method reconciles`,
    });
  }
  if (owns.length > 0 && forType === undefined) {
    problems.push({ kind: 'ownsWithoutFor', message: `@Controller ${type.name}: "owns" needs "for"` });
  }
  const kinds: [string, ResourceType | undefined][] = [
    ['for', forType],
    ...owns.map((t, i): [string, ResourceType] => [`owns[${i}]`, t]),
    ...meta.watches
      .filter((w) => w.type)
      .map((w): [string, ResourceType | undefined] => [`@Watches(${w.type && typeName(w.type)})`, w.type]),
  ];
  for (const [where, kind] of kinds) {
    if (kind !== undefined && registry.tryResolve(kind) === undefined) {
      problems.push({
        kind: 'unknownKind',
        message: `@Controller ${type.name}: ${where} names ${typeName(kind)}, an unknown kind; register it or use resourceType()`,
      });
    }
  }
  const watchMembers = new Set(meta.watches.flatMap((w) => (w.member === undefined ? [] : [w.member])));
  for (const member of watchMembers) {
    const fn = (type.prototype as Record<MemberKey, unknown>)[member] as (...args: unknown[]) => unknown;
    if (fn.length > 1) {
      problems.push({
        kind: 'watchShape',
        message: `@Watches on ${type.name}.${String(member)}: a map method takes one argument (the object) and returns requests; it takes ${fn.length}`,
      });
    }
  }
  const predicateMethods: MemberKey[] = [];
  const eventFilters: Predicate[] = [];
  const forPredicates: Predicate[] = [];
  const reconcileMethod = meta.reconcileMethods[0];
  const perWatch = new Map<MemberKey, Predicate[]>();
  for (const p of meta.predicates) {
    if (p.member === undefined) eventFilters.push(...p.predicates);
    else if (p.self) predicateMethods.push(p.member);
    else if (watchMembers.has(p.member)) perWatch.set(p.member, [...(perWatch.get(p.member) ?? []), ...p.predicates]);
    else if (p.member === reconcileMethod) forPredicates.push(...p.predicates);
    else {
      problems.push({
        kind: 'strayPredicate',
        message: `@Predicate on ${type.name}.${String(p.member)}: the method has no @Watches; put the predicate on the class, on a @Watches method or on the @Reconcile method`,
      });
    }
  }
  if (problems.length > before || forType === undefined) return undefined;
  const watches = meta.watches.map((w) =>
    w.member !== undefined && perWatch.has(w.member)
      ? { ...w, predicates: [...w.predicates, ...(perWatch.get(w.member) ?? [])] }
      : w,
  );
  return {
    type,
    name: name ?? (registry.tryResolve(forType)?.kind.toLowerCase() as string),
    for: forType,
    owns,
    watches,
    channels: meta.channels,
    forPredicates,
    eventFilters,
    predicateMethods,
    reconcileMethod: reconcileMethod as MemberKey,
    options,
  };
}

/** Scans every class; throws one ScanError listing every problem. */
export function scanControllers(types: readonly ControllerClass[], registry: ResourceRegistry): ControllerSpec[] {
  const problems: ScanProblem[] = [];
  const specs = types.map((t) => scanOne(t, registry, problems)).filter((s): s is ControllerSpec => s !== undefined);
  const byName = new Map<string, string>();
  for (const spec of specs) {
    const other = byName.get(spec.name);
    if (other !== undefined) {
      problems.push({
        kind: 'duplicateName',
        message: `@Controller ${spec.type.name}: the name ${spec.name} is already used by ${other}; set "name"`,
      });
    }
    byName.set(spec.name, spec.type.name);
  }
  if (problems.length > 0) throw new ScanError(problems);
  return specs;
}
