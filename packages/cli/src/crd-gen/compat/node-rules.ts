/**
 * The rules that compare one schema node with its old self (crdify's property validations):
 * a changed type, a narrowed enum, a new or changed pattern or format, a changed default,
 * a tightened bound, a new required field, nullable or list/map semantics taken away, a new
 * CEL rule. Each rule is a pure function of the two nodes; `walk.ts` visits the nodes.
 * @module
 */
import type { JSONSchemaProps } from '@operant/crd';
import { type Change, change, type Location, type RuleName } from './change.js';

type NodeRule = (old: JSONSchemaProps, next: JSONSchemaProps, at: Location) => Change[];

const show = (value: unknown): string => JSON.stringify(value);
const same = (a: unknown, b: unknown): boolean => show(a) === show(b);

/** `integer`, or `int-or-string` for `x-kubernetes-int-or-string`, or `any`. */
function typeOf(node: JSONSchemaProps): string {
  if (node['x-kubernetes-int-or-string']) return 'int-or-string';
  return node.type ?? 'any';
}

export const typeRule: NodeRule = (old, next, at) =>
  typeOf(old) === typeOf(next) ? [] : [change('type', at, `type changed from ${typeOf(old)} to ${typeOf(next)}`)];

const enumRule: NodeRule = (old, next, at) => {
  if (next.enum === undefined) return [];
  if (old.enum === undefined) return [change('enum', at, `enum ${show(next.enum)} added`)];
  const removed = old.enum.filter((v) => !next.enum?.some((n) => same(n, v)));
  const added = next.enum.filter((v) => !old.enum?.some((o) => same(o, v)));
  return [
    ...(removed.length > 0 ? [change('enum', at, `enum values ${show(removed)} removed`)] : []),
    ...(added.length > 0 ? [change('enumAddition', at, `enum values ${show(added)} added`)] : []),
  ];
};

/** A rule on a string-valued keyword that only breaks when it appears or changes (`pattern`, `format`). */
const addedOrChanged =
  (rule: 'pattern' | 'format'): NodeRule =>
  (old, next, at) => {
    const before = old[rule];
    const after = next[rule];
    if (after === undefined || before === after) return [];
    if (before === undefined) return [change(rule, at, `${rule} ${show(after)} added`)];
    return [change(rule, at, `${rule} changed from ${show(before)} to ${show(after)}`)];
  };

const defaultRule: NodeRule = (old, next, at) => {
  if (same(old.default, next.default)) return [];
  if (old.default === undefined) return [change('default', at, `default ${show(next.default)} added`)];
  if (next.default === undefined) return [change('default', at, `default ${show(old.default)} removed`)];
  return [change('default', at, `default changed from ${show(old.default)} to ${show(next.default)}`)];
};

type Bound =
  | 'maximum'
  | 'maxLength'
  | 'maxItems'
  | 'maxProperties'
  | 'minimum'
  | 'minLength'
  | 'minItems'
  | 'minProperties';

/** An upper bound breaks when it appears or goes down, a lower bound when it appears or goes up. */
const bound =
  (rule: Bound): NodeRule =>
  (old, next, at) => {
    const before = old[rule];
    const after = next[rule];
    if (after === undefined) return [];
    if (before === undefined) return [change(rule, at, `${rule} ${after} added`)];
    const upper = rule.startsWith('max');
    if (upper ? after < before : after > before) {
      return [change(rule, at, `${rule} ${upper ? 'lowered' : 'raised'} from ${before} to ${after}`)];
    }
    return [];
  };

/** `exclusiveMaximum: true` on an unchanged bound excludes the bound itself. */
const exclusive =
  (rule: 'maximum' | 'minimum', flag: 'exclusiveMaximum' | 'exclusiveMinimum'): NodeRule =>
  (old, next, at) =>
    next[flag] === true && old[flag] !== true && old[rule] !== undefined && old[rule] === next[rule]
      ? [change(rule, at, `${flag} added: ${next[rule]} is no longer allowed`)]
      : [];

const requiredRule: NodeRule = (old, next, at) => {
  const added = (next.required ?? []).filter((name) => !(old.required ?? []).includes(name));
  return added.map((name) => change('required', { ...at, path: join(at.path, name) }, `${name} is now required`));
};

/** A keyword whose removal or change takes something away: `nullable: true`, list and map types. */
const flag =
  (rule: RuleName, message: (old: JSONSchemaProps, next: JSONSchemaProps) => string | undefined): NodeRule =>
  (old, next, at) => {
    const text = message(old, next);
    return text === undefined ? [] : [change(rule, at, text)];
  };

const nullableRule = flag('nullable', (old, next) =>
  old.nullable === true && next.nullable !== true ? 'nullable removed: null is no longer accepted' : undefined,
);

const uniqueItemsRule = flag('uniqueItems', (old, next) =>
  next.uniqueItems === true && old.uniqueItems !== true ? 'uniqueItems added' : undefined,
);

const listTypeRule = flag('listType', (old, next) => {
  const before = old['x-kubernetes-list-type'] ?? 'atomic';
  const after = next['x-kubernetes-list-type'] ?? 'atomic';
  if (before !== after) return `x-kubernetes-list-type changed from ${before} to ${after}`;
  if (!same(old['x-kubernetes-list-map-keys'], next['x-kubernetes-list-map-keys'])) {
    return `x-kubernetes-list-map-keys changed from ${show(old['x-kubernetes-list-map-keys'])} to ${show(next['x-kubernetes-list-map-keys'])}`;
  }
  return undefined;
});

const mapTypeRule = flag('mapType', (old, next) => {
  const before = old['x-kubernetes-map-type'] ?? 'granular';
  const after = next['x-kubernetes-map-type'] ?? 'granular';
  return before === after ? undefined : `x-kubernetes-map-type changed from ${before} to ${after}`;
});

const validationRulesRule: NodeRule = (old, next, at) => {
  const before = new Set((old['x-kubernetes-validations'] ?? []).map((v) => v.rule));
  return (next['x-kubernetes-validations'] ?? [])
    .filter((v) => !before.has(v.rule))
    .map((v) => change('validationRules', at, `validation rule ${show(v.rule)} added`));
};

/** Every rule but `type`, which `walk.ts` runs first: a node whose type changed is not compared further. */
export const NODE_RULES: readonly NodeRule[] = [
  enumRule,
  addedOrChanged('pattern'),
  addedOrChanged('format'),
  defaultRule,
  bound('maximum'),
  exclusive('maximum', 'exclusiveMaximum'),
  bound('maxLength'),
  bound('maxItems'),
  bound('maxProperties'),
  bound('minimum'),
  exclusive('minimum', 'exclusiveMinimum'),
  bound('minLength'),
  bound('minItems'),
  bound('minProperties'),
  requiredRule,
  nullableRule,
  uniqueItemsRule,
  listTypeRule,
  mapTypeRule,
  validationRulesRule,
];

/** `spec` + `replicas` → `spec.replicas`; the root is `''`. */
export function join(path: string | undefined, segment: string): string {
  return path === undefined || path === '' ? segment : `${path}.${segment}`;
}
