/**
 * End states: the objects of the compared kinds in a run's namespace, normalised so that two
 * runs compare — without the volatile fields (resourceVersion, uid, generation, timestamps,
 * managedFields, owner uids), with the run's namespace and generated names written as
 * placeholders, without the fields the user marks — and the readable difference of two of them.
 * @module
 */
import type { Client, KubernetesObject } from '@operant/core';
import type { ResourceType } from '@operant/core/resources';
import type { EndState, Invariant } from './options.js';

const VOLATILE_METADATA = [
  'resourceVersion',
  'uid',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
  'namespace',
];

/** Stands for the run's namespace in normalised objects. */
export const NAMESPACE_PLACEHOLDER = '<namespace>';
/** Stands for the generated suffix of a `generateName` name. */
export const GENERATED_PLACEHOLDER = '<generated>';

/** Reads the end state of a run straight from the API server. */
export async function readEndState(
  client: Client,
  kinds: readonly ResourceType[],
  namespace: string,
  ignoreFields: readonly string[],
): Promise<EndState> {
  const lists = await Promise.all(kinds.map((kind) => client.list(kind, { namespace })));
  const all = lists.flatMap((l) => l.items);
  const generated = new Map<string, string>();
  for (const obj of all) {
    const { name, generateName } = obj.metadata ?? {};
    if (name !== undefined && generateName && name.startsWith(generateName)) {
      generated.set(name, `${generateName}${GENERATED_PLACEHOLDER}`);
    }
  }
  const state: Record<string, KubernetesObject[]> = {};
  kinds.forEach((kind, i) => {
    const objects = (lists[i]?.items ?? []).map((obj) => normalise(obj, namespace, generated, ignoreFields));
    state[client.resourceInfo(kind).kind] = objects.sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  });
  return state;
}

const nameOf = (obj: KubernetesObject) => obj.metadata?.name ?? '';

function normalise(
  obj: KubernetesObject,
  namespace: string,
  generated: ReadonlyMap<string, string>,
  ignoreFields: readonly string[],
): KubernetesObject {
  const copy = rewrite(obj, namespace, generated) as KubernetesObject & { metadata: Record<string, unknown> };
  for (const field of VOLATILE_METADATA) delete copy.metadata[field];
  const owners = copy.metadata.ownerReferences as Record<string, unknown>[] | undefined;
  for (const owner of owners ?? []) delete owner.uid;
  for (const path of ignoreFields) deletePath(copy, path.split('.'));
  return copy;
}

/** A deep copy with timestamps dropped and the namespace and generated names replaced by placeholders. */
function rewrite(value: unknown, namespace: string, generated: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    return generated.get(value) ?? value.split(namespace).join(NAMESPACE_PLACEHOLDER);
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, namespace, generated));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (/(Time|Timestamp)$/.test(key)) continue;
    out[key] = rewrite(v, namespace, generated);
  }
  return out;
}

function deletePath(obj: unknown, path: readonly string[]): void {
  let cur = obj as Record<string, unknown> | undefined;
  for (const segment of path.slice(0, -1)) {
    const next = cur?.[segment];
    if (next === null || typeof next !== 'object') return;
    cur = next as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (cur !== undefined && last !== undefined) delete cur[last];
}

/**
 * How `state` differs from `reference`, one line per difference: `+` an object only this run
 * has, `-` one only the reference has, `~` a field that differs (`Widget web: status.phase: "Ready" → "Pending"`).
 */
export function diffEndStates(reference: EndState, state: EndState): string[] {
  const lines: string[] = [];
  for (const kind of new Set([...Object.keys(reference), ...Object.keys(state)])) {
    const before = byName(reference[kind] ?? []);
    const after = byName(state[kind] ?? []);
    for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const was = before.get(name) ?? [];
      const is = after.get(name) ?? [];
      if (was.length !== is.length) {
        const sign = is.length > was.length ? '+' : '-';
        lines.push(`${sign} ${kind} ${name}: ${is.length} in this run, ${was.length} in the reference`);
      }
      const a = was[0];
      const b = is[0];
      if (a !== undefined && b !== undefined) lines.push(...diffObject(`${kind} ${name}`, a, b));
    }
  }
  return lines;
}

function byName(objects: readonly KubernetesObject[]): Map<string, KubernetesObject[]> {
  const map = new Map<string, KubernetesObject[]>();
  for (const obj of objects) map.set(nameOf(obj), [...(map.get(nameOf(obj)) ?? []), obj]);
  return map;
}

function diffObject(label: string, reference: KubernetesObject, actual: KubernetesObject): string[] {
  const was = flatten(reference);
  const is = flatten(actual);
  const lines: string[] = [];
  for (const path of [...new Set([...was.keys(), ...is.keys()])].sort()) {
    const a = was.get(path);
    const b = is.get(path);
    if (a !== b) lines.push(`~ ${label}: ${path}: ${a ?? '(absent)'} → ${b ?? '(absent)'}`);
  }
  return lines;
}

/** Leaf paths (`spec.replicas`, `metadata.labels.app`, `spec.ports.0.port`) and their JSON values. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, v] of Object.entries(value)) flatten(v, prefix === '' ? key : `${prefix}.${key}`, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

/** The invariants `state` breaks, each as `<name>: <what it said>`. */
export function violations(invariants: readonly Invariant[], state: EndState): string[] {
  return invariants.flatMap((inv) => {
    const problem = inv.check(state);
    return problem === undefined ? [] : [`${inv.name}: ${problem}`];
  });
}
