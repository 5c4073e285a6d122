/**
 * jest matchers for Kubernetes objects, installed with `expect.extend(operantMatchers)` (in a
 * spec, or once in a `setupFilesAfterEnv` file):
 *
 * - `expect(obj).toHaveCondition(type, status?)`: `status.conditions` holds a condition of
 *   `type` (with `status`, when given);
 * - `expect(obj).toBeOwnedBy(owner, { controller? })`: an owner reference to `owner` (by
 *   uid when the owner has one, else by kind and name), marked `controller: true` if asked;
 * - `expect(client).toHaveDependents(primary, { ConfigMap: ['a', { metadata: { name: 'b' }, data }] })`:
 *   the children of dependents the fake client (or reconcile harness) holds for `primary`
 *   (labelled `operant.dev/dependent`, controlled by it) are exactly these, by kind and name,
 *   each holding the fields given (`objectContaining` all the way down; lists whole);
 * - `await expect(setup).toSurviveTorture(options)`: the controller `setup` registers passes
 *   `torture()` (torture-matcher.ts); it fails with the first divergence and its replay.
 *
 * The types come by declaration merging into jest's `expect` package (add `expect` to
 * your devDependencies for them).
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import type { OwnerReference } from '@operant/core/api';
import { DEPENDENT_LABEL } from '@operant/core/dependent';
import type { FakeClient } from '../fake/fake-client.js';
import { toSurviveTorture } from './torture-matcher.js';

interface MatcherContext {
  isNot?: boolean;
  utils: { printReceived(value: unknown): string; printExpected(value: unknown): string };
}

type ConditionStatus = 'True' | 'False' | 'Unknown';

interface ConditionLike {
  type?: string;
  status?: string;
  reason?: string;
}

const conditionsOf = (obj: unknown): ConditionLike[] =>
  ((obj as { status?: { conditions?: ConditionLike[] } } | undefined)?.status?.conditions ?? []) as ConditionLike[];

const describe = (obj: KubernetesObject | undefined): string =>
  `${obj?.kind ?? 'object'} ${obj?.metadata?.namespace ? `${obj.metadata.namespace}/` : ''}${obj?.metadata?.name ?? ''}`;

function toHaveCondition(this: MatcherContext, received: unknown, type: string, status?: ConditionStatus) {
  const conditions = conditionsOf(received);
  const found = conditions.find((c) => c.type === type);
  const pass = found !== undefined && (status === undefined || found.status === status);
  const wanted = status === undefined ? type : `${type}=${status}`;
  const seen = conditions.map((c) => `${c.type}=${c.status}`).join(', ') || 'none';
  return {
    pass,
    message: () =>
      `expected ${describe(received as KubernetesObject)} ${this.isNot ? 'not ' : ''}to have condition ${this.utils.printExpected(wanted)}; conditions: ${this.utils.printReceived(seen)}`,
  };
}

function refersTo(ref: OwnerReference, owner: KubernetesObject): boolean {
  const uid = owner.metadata?.uid;
  if (uid !== undefined) return ref.uid === uid;
  return ref.kind === owner.kind && ref.name === owner.metadata?.name;
}

function toBeOwnedBy(
  this: MatcherContext,
  received: unknown,
  owner: KubernetesObject,
  options: { controller?: boolean } = {},
) {
  const refs = (received as KubernetesObject | undefined)?.metadata?.ownerReferences ?? [];
  const ref = refs.find((r) => refersTo(r, owner));
  const pass = ref !== undefined && (!options.controller || ref.controller === true);
  const seen = refs.map((r) => `${r.kind} ${r.name}${r.controller ? ' (controller)' : ''}`).join(', ') || 'none';
  return {
    pass,
    message: () =>
      `expected ${describe(received as KubernetesObject)} ${this.isNot ? 'not ' : ''}to be owned by ${describe(owner)}${options.controller ? ' as its controller' : ''}; owner references: ${this.utils.printReceived(seen)}`,
  };
}

/** A child named, or the fields it holds (`metadata.name` among them). */
type ExpectedChild = string | { metadata: { name: string; [field: string]: unknown }; [field: string]: unknown };

/** Whether `actual` holds every field of `expected` (lists element by element, of equal length). */
function holds(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => holds(actual[i], e));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return false;
    return Object.entries(expected).every(([k, v]) => holds((actual as Record<string, unknown>)[k], v));
  }
  return Object.is(actual, expected);
}

type HoldsChildren = { tracker: FakeClient['tracker'] } | { client: { tracker: FakeClient['tracker'] } };

/** The dependents' children of `primary` in the fake client's store, by kind. */
function childrenOf(received: HoldsChildren, primary: KubernetesObject): Map<string, KubernetesObject[]> {
  const tracker = 'tracker' in received ? received.tracker : received.client.tracker;
  const out = new Map<string, KubernetesObject[]>();
  for (const info of tracker.storedKinds()) {
    for (const obj of tracker.list(info)) {
      const controlled = obj.metadata?.ownerReferences?.some((r) => r.controller && r.uid === primary.metadata?.uid);
      if (!controlled || obj.metadata?.labels?.[DEPENDENT_LABEL] === undefined) continue;
      out.set(info.kind, [...(out.get(info.kind) ?? []), obj]);
    }
  }
  return out;
}

function toHaveDependents(
  this: MatcherContext,
  received: unknown,
  primary: KubernetesObject,
  expected: Readonly<Record<string, readonly ExpectedChild[]>>,
) {
  const found = childrenOf(received as HoldsChildren, primary);
  const problems: string[] = [];
  for (const kind of new Set([...found.keys(), ...Object.keys(expected)])) {
    const have = found.get(kind) ?? [];
    const want = (expected[kind] ?? []).map((e) => (typeof e === 'string' ? { metadata: { name: e } } : e));
    for (const w of want) {
      const child = have.find((h) => h.metadata?.name === w.metadata.name);
      if (child === undefined) problems.push(`${kind} ${w.metadata.name} is missing`);
      else if (!holds(child, w)) problems.push(`${describe(child)} differs: ${this.utils.printReceived(child)}`);
    }
    for (const h of have) {
      if (!want.some((w) => w.metadata.name === h.metadata?.name)) problems.push(`${describe(h)} is not expected`);
    }
  }
  const seen = [...found].map(([k, cs]) => `${k}: ${cs.map((c) => c.metadata?.name).join(', ')}`).join('; ');
  return {
    pass: problems.length === 0,
    message: () =>
      this.isNot
        ? `expected the dependents of ${describe(primary)} not to be ${this.utils.printExpected(expected)}; they are ${this.utils.printReceived(seen || 'none')}`
        : `expected the dependents of ${describe(primary)} to be ${this.utils.printExpected(expected)}: ${problems.join('; ')}`,
  };
}

/** The matchers, for `expect.extend(operantMatchers)`. */
export const operantMatchers = { toHaveCondition, toBeOwnedBy, toHaveDependents, toSurviveTorture };

declare module 'expect' {
  interface Matchers<R> {
    /** `status.conditions` holds a condition of `type` (with `status`, when given). */
    toHaveCondition(type: string, status?: ConditionStatus): R;
    /** An owner reference to `owner` (by uid, else kind and name); `controller: true` if asked. */
    toBeOwnedBy(owner: KubernetesObject, options?: { controller?: boolean }): R;
    /**
     * On a fake client or reconcile harness: the dependents' children of `primary`, by kind,
     * are exactly these (by name), each holding the fields given.
     */
    toHaveDependents(primary: KubernetesObject, expected: Readonly<Record<string, readonly ExpectedChild[]>>): R;
  }
}
