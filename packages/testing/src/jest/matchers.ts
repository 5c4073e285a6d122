/**
 * jest matchers for Kubernetes objects, installed with `expect.extend(operantMatchers)` (in a
 * spec, or once in a `setupFilesAfterEnv` file):
 *
 * - `expect(obj).toHaveCondition(type, status?)`: `status.conditions` holds a condition of
 *   `type` (with `status`, when given);
 * - `expect(obj).toBeOwnedBy(owner, { controller? })`: an owner reference to `owner` (by
 *   uid when the owner has one, else by kind and name), marked `controller: true` if asked.
 *
 * The types come by declaration merging into jest's `expect` package (add `expect` to
 * your devDependencies for them).
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import type { OwnerReference } from '@operant/core/api';
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

/** The matchers, for `expect.extend(operantMatchers)`. */
export const operantMatchers = { toHaveCondition, toBeOwnedBy, toSurviveTorture };

declare module 'expect' {
  interface Matchers<R> {
    /** `status.conditions` holds a condition of `type` (with `status`, when given). */
    toHaveCondition(type: string, status?: ConditionStatus): R;
    /** An owner reference to `owner` (by uid, else kind and name); `controller: true` if asked. */
    toBeOwnedBy(owner: KubernetesObject, options?: { controller?: boolean }): R;
  }
}
