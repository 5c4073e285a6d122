/**
 * The rules a controller declaration must satisfy, each checked here and nowhere else. The
 * builder applies them at `build()` to what its methods recorded; the scanner to what a
 * class's decorators recorded (its messages name the class, member and decorator); the
 * reconcile harness's builder to its inputs. Rules return problems and never throw: each
 * caller gathers them into its own error (`BuilderError`, `ScanError`).
 *
 * Predicate scope, for decorators (one rule): a predicate decorator on the class, or a
 * method that is a predicate (`@Predicate()`), filters the `for` kind's events only, as
 * `for(Type, { predicates })`; on a `@Watches` map method it filters that watch only, as
 * `watches(Type, h, { predicates })`; on the `@Reconcile` method it is the class rule (the
 * `for` kind). Anywhere else it is refused. Owned kinds and raw sources are never filtered
 * by a decorator predicate.
 * @module
 */
import type { Predicate } from '../api/predicate.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import type { BuilderProblem } from './errors.js';

/** A kind a declaration names, and how messages say where: `for()`, `@Controller Widget: owns[0]`. */
export interface DeclaredKind {
  type: ResourceType;
  where: string;
}

/** What one controller declares, by the builder's methods or by a class's decorators. */
export interface ControllerDeclaration {
  /** Starts every message: `''` for the builder, `@Controller WidgetReconciler: ` for a class. */
  subject: string;
  /** One per `for` (a second one is a problem). */
  for: readonly DeclaredKind[];
  owns: readonly DeclaredKind[];
  watches: readonly DeclaredKind[];
  /** How many raw sources (channels, custom sources) it watches. */
  rawSources: number;
  name: string | undefined;
  /** How to set the name, for messages: `use named()`, `set "name"`. */
  nameHint: string;
  /** The `sharded` option as given (undefined: the manager's default). */
  sharded?: boolean;
}

/** What the rules read outside the declaration. */
export interface ControllerEnvironment {
  resolve(type: ResourceType): ResourceInfo | undefined;
  /** Who already uses this controller name (`another controller`, a class name), or undefined. */
  nameOwner(name: string): string | undefined;
  /** The manager's shard key when it shards, else undefined. */
  shardKey?: 'uid' | 'namespace';
}

export interface CheckedController {
  problems: BuilderProblem[];
  /** The `for` kind, resolved. */
  forInfo: ResourceInfo | undefined;
  /** The name given, or the lowercase kind of `for`. */
  name: string | undefined;
}

const typeName = (type: ResourceType): string =>
  typeof type === 'function' ? type.name || 'an anonymous class' : type.kind;

/** `for() names Gizmo, an unknown kind; …`: the message of every unknown-kind problem (controllers, webhooks). */
export const unknownKindMessage = (where: string, type: ResourceType): string =>
  `${where} names ${typeName(type)}, an unknown kind; register it or use resourceType()`;

/** Kinds known, one `for`, `owns` with `for`, something watched, a name that is free. */
export function checkController(declaration: ControllerDeclaration, env: ControllerEnvironment): CheckedController {
  const { subject } = declaration;
  const problems: BuilderProblem[] = [];
  const resolve = ({ type, where }: DeclaredKind): ResourceInfo | undefined => {
    const info = env.resolve(type);
    if (info === undefined) {
      problems.push({ kind: 'unknownKind', message: `${subject}${unknownKindMessage(where, type)}` });
    }
    return info;
  };
  const [forKind] = declaration.for;
  const forInfo = forKind === undefined ? undefined : resolve(forKind);
  for (const kind of [...declaration.owns, ...declaration.watches]) resolve(kind);
  if (declaration.for.length > 1) {
    problems.push({
      kind: 'duplicateFor',
      message: `${subject}for() was called more than once; a controller reconciles one kind`,
    });
  }
  if (declaration.owns.length > 0 && forKind === undefined) {
    problems.push({ kind: 'ownsWithoutFor', message: `${subject}owns() can only be used together with for()` });
  }
  if (forKind === undefined && declaration.watches.length === 0 && declaration.rawSources === 0) {
    problems.push({
      kind: 'noWatches',
      message: `${subject}no watches configured, the controller would never run; use for(), owns() or watches()`,
    });
  }
  const name = declaration.name ?? forInfo?.kind.toLowerCase();
  const owner = name === undefined ? undefined : env.nameOwner(name);
  if (name === undefined && forKind === undefined) {
    problems.push({
      kind: 'missingName',
      message: `${subject}a controller without for() needs a name: ${declaration.nameHint}`,
    });
  } else if (owner !== undefined) {
    problems.push({
      kind: 'duplicateName',
      message: `${subject}the name ${name} is already used by ${owner}; ${declaration.nameHint}`,
    });
  }
  checkSharding(declaration, env, forInfo, problems);
  return { problems, forInfo, name };
}

/** `sharded` needs a sharding manager and a `for` kind; a namespace key needs a namespaced one. */
function checkSharding(
  declaration: ControllerDeclaration,
  env: ControllerEnvironment,
  forInfo: ResourceInfo | undefined,
  problems: BuilderProblem[],
): void {
  const { subject } = declaration;
  if (declaration.sharded === true && env.shardKey === undefined) {
    problems.push({
      kind: 'shardingOff',
      message: `${subject}sharded: true needs a manager with sharding on (ManagerOptions.sharding)`,
    });
  }
  if (declaration.sharded === true && declaration.for.length === 0) {
    problems.push({
      kind: 'shardingOff',
      message: `${subject}sharded: true needs for(): the objects of the for() kind are what is split`,
    });
  }
  const sharded = env.shardKey !== undefined && declaration.sharded !== false && declaration.for.length > 0;
  if (sharded && env.shardKey === 'namespace' && forInfo !== undefined && !forInfo.namespaced) {
    problems.push({
      kind: 'shardingOff',
      message: `${subject}for() names ${forInfo.kind}, a cluster-scoped kind, which cannot be sharded by namespace; set sharded: false or shard by uid`,
    });
  }
}

/** One predicate decorator applied to a controller class: on the class (no `member`) or on a method. */
export interface PredicatePlacement {
  member?: string | symbol;
  /** The predicates given; empty with `self` (the method is the predicate). */
  predicates: readonly Predicate[];
  self: boolean;
  /** How messages name it: `@Predicate`, `@GenerationChanged`. */
  decorator: string;
}

/** What the member decorators of one class declare, as the rules read it. */
export interface DecoratedMembers {
  className: string;
  reconcileMethods: readonly (string | symbol)[];
  /** Each `@Watches` map method and how many parameters it declares. */
  mapMethods: readonly { member: string | symbol; arity: number }[];
  channels: readonly (string | symbol)[];
  predicates: readonly PredicatePlacement[];
  /** How many `@Dependent` methods it has (with some, `@Reconcile` is optional). */
  dependents?: number;
}

/** Where each predicate applies, by the predicate scope rule. */
export interface PredicateScope {
  /** The `for` kind's: on the class and on the `@Reconcile` method. */
  forPredicates: Predicate[];
  /** Methods that are predicates themselves: the `for` kind's too. */
  forPredicateMethods: (string | symbol)[];
  /** Per `@Watches` map method: that watch's. */
  perWatch: Map<string | symbol, Predicate[]>;
}

/** Exactly one `@Reconcile` (at most one with dependents), map methods of one parameter, and the predicate scope rule. */
export function checkDecoratedMembers(members: DecoratedMembers): {
  problems: BuilderProblem[];
  scope: PredicateScope;
} {
  const { className, reconcileMethods } = members;
  const problems: BuilderProblem[] = [];
  if (reconcileMethods.length === 0 && (members.dependents ?? 0) === 0) {
    problems.push({
      kind: 'missingReconcile',
      message: `@Controller ${className} has no method marked @Reconcile() and no @Dependent method`,
    });
  } else if (reconcileMethods.length > 1) {
    problems.push({
      kind: 'multipleReconcile',
      message: `@Controller ${className} has @Reconcile() on ${reconcileMethods.map(String).join(', ')}; exactly one method reconciles`,
    });
  }
  for (const { member, arity } of members.mapMethods) {
    if (arity > 1) {
      problems.push({
        kind: 'watchShape',
        message: `@Watches on ${className}.${String(member)}: a map method takes one argument (the object) and returns requests; it takes ${arity}`,
      });
    }
  }
  const scope: PredicateScope = { forPredicates: [], forPredicateMethods: [], perWatch: new Map() };
  const watchMembers = new Set(members.mapMethods.map((m) => m.member));
  const role = (member: string | symbol): string | undefined => {
    if (watchMembers.has(member)) return 'a @Watches map method';
    if (reconcileMethods.includes(member)) return 'the @Reconcile method';
    if (members.channels.includes(member)) return 'a @Channel method';
    return undefined;
  };
  for (const p of members.predicates) {
    const where = `${p.decorator} on ${className}${p.member === undefined ? '' : `.${String(p.member)}`}`;
    if (p.member === undefined) scope.forPredicates.push(...p.predicates);
    else if (p.self) {
      const taken = role(p.member);
      if (taken === undefined) scope.forPredicateMethods.push(p.member);
      else {
        problems.push({
          kind: 'strayPredicate',
          message: `${where}: with no predicates the method is a predicate, but it is ${taken}; give the predicates as arguments, or use a method of its own`,
        });
      }
    } else if (watchMembers.has(p.member)) {
      scope.perWatch.set(p.member, [...(scope.perWatch.get(p.member) ?? []), ...p.predicates]);
    } else if (reconcileMethods.includes(p.member)) scope.forPredicates.push(...p.predicates);
    else {
      problems.push({
        kind: 'strayPredicate',
        message: `${where}: the method has no @Watches; put the predicate on the class or the @Reconcile method (the "for" kind's events) or on a @Watches method (that watch's events)`,
      });
    }
  }
  return { problems, scope };
}
