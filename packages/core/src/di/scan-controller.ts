/**
 * The scanner: reads each listed class's metadata, checks it against the controller
 * rules (builder/controller-rules.ts: exactly one `@Reconcile` or at least one
 * `@Dependent`, map methods take one argument, the predicate scope rule, `owns` needs
 * `for`, kinds are known, names are unique) and the dependent rules
 * (builder/dependent-rules.ts: names, `dependsOn`, cycles, `finalizerName`), and collects every problem of every class before it throws one `ScanError`.
 * When every class passes, it marks each injectable for the container (injectable.ts).
 * @module
 */
import type { Predicate } from '../api/predicate.js';
import { checkController, checkDecoratedMembers, unknownKindMessage } from '../builder/controller-rules.js';
import { checkDependents, checkFinalizerName } from '../builder/dependent-rules.js';
import type { ControllerOptions } from '../controller/controller.js';
import { getControllerMetadata } from '../decorators/metadata/storage.js';
import type { DependentMetadata, MemberKey, WatchMetadata } from '../decorators/metadata/types.js';
import type { DependentStatusFunc } from '../dependent/dependent.js';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/resource-type.js';
import { ScanError, type ScanProblem } from './errors.js';
import { makeInjectable } from './injectable.js';

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
  /** Predicates on the class and the `@Reconcile` method: the `for` kind's events only (`for(Type, { predicates })`). */
  forPredicates: readonly Predicate[];
  /** Methods that are predicates themselves: the `for` kind's events only, as `forPredicates`. */
  forPredicateMethods: readonly MemberKey[];
  /** Undefined when the class has only dependents. */
  reconcileMethod: MemberKey | undefined;
  /** `@Dependent` methods, each named (its `name`, else the method's name). */
  dependents: readonly DependentMetadata[];
  /** `@Controller({ dependentStatus })`. */
  dependentStatus: DependentStatusFunc | false | undefined;
  options: ControllerOptions;
}

const typeName = (t: ResourceType): string => (typeof t === 'function' ? t.name : t.kind);

function scanOne(
  type: ControllerClass,
  registry: ResourceRegistry,
  names: Map<string, string>,
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
  const { for: forType, owns = [], name, dependentStatus, ...options } = meta.options;
  const dependents = meta.dependents.map((d): DependentMetadata & { options: { name: string } } =>
    d.external
      ? { ...d, options: { ...d.options, name: d.options.name ?? String(d.member) } }
      : { ...d, options: { ...d.options, name: d.options.name ?? String(d.member) } },
  );
  const mapMethods = meta.watches.flatMap((w) =>
    w.member === undefined
      ? []
      : [{ member: w.member, arity: (type.prototype as Record<MemberKey, () => unknown>)[w.member]?.length ?? 0 }],
  );
  const members = checkDecoratedMembers({
    className: type.name,
    reconcileMethods: meta.reconcileMethods,
    mapMethods,
    channels: meta.channels,
    predicates: meta.predicates,
    dependents: dependents.length,
  });
  const subject = `@Controller ${type.name}: `;
  const declared = checkController(
    {
      subject,
      for: forType === undefined ? [] : [{ type: forType, where: 'for' }],
      owns: owns.map((t, i) => ({ type: t, where: `owns[${i}]` })),
      watches: meta.watches.flatMap((w) =>
        w.type === undefined ? [] : [{ type: w.type, where: `@Watches(${typeName(w.type)})` }],
      ),
      rawSources: meta.channels.length + meta.watches.filter((w) => w.source !== undefined).length,
      name,
      nameHint: 'set "name"',
    },
    { resolve: (t) => registry.tryResolve(t), nameOwner: (n) => names.get(n) },
  );
  const graph = checkDependents(
    subject,
    dependents.map((d) => ({
      name: d.options.name,
      dependsOn: d.options.dependsOn ?? [],
      where: `@${d.external ? 'ExternalDependent' : 'Dependent'} on ${type.name}.${String(d.member)}`,
    })),
    forType !== undefined,
  );
  graph.push(...checkFinalizerName(subject, options.finalizerName));
  for (const d of dependents) {
    if (!d.external && registry.tryResolve(d.type) === undefined) {
      graph.push({
        kind: 'unknownKind',
        message: `${subject}${unknownKindMessage(`@Dependent on ${type.name}.${String(d.member)}`, d.type)}`,
      });
    }
  }
  const found = [...members.problems, ...declared.problems, ...graph];
  problems.push(...found);
  if (found.length > 0 || forType === undefined || declared.name === undefined) return undefined;
  names.set(declared.name, type.name);
  const { scope } = members;
  const watches = meta.watches.map((w) =>
    w.member !== undefined && scope.perWatch.has(w.member)
      ? { ...w, predicates: [...w.predicates, ...(scope.perWatch.get(w.member) ?? [])] }
      : w,
  );
  return {
    type,
    name: declared.name,
    for: forType,
    owns,
    watches,
    channels: meta.channels,
    forPredicates: scope.forPredicates,
    forPredicateMethods: scope.forPredicateMethods,
    reconcileMethod: meta.reconcileMethods[0],
    dependents,
    dependentStatus: dependentStatus as DependentStatusFunc | false | undefined,
    options,
  };
}

/** Scans every class; throws one ScanError listing every problem, or marks each class injectable. */
export function scanControllers(types: readonly ControllerClass[], registry: ResourceRegistry): ControllerSpec[] {
  const problems: ScanProblem[] = [];
  const names = new Map<string, string>();
  const specs = types
    .map((t) => scanOne(t, registry, names, problems))
    .filter((s): s is ControllerSpec => s !== undefined);
  if (problems.length > 0) throw new ScanError(problems);
  for (const spec of specs) makeInjectable(spec.type);
  return specs;
}
