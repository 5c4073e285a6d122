/**
 * The fields of built-in kinds that an update may not change, for the fake client, with the
 * API server's causes (Kubernetes 1.37): a Job's `spec.selector`, `spec.template` (but the
 * scheduling directives of a suspended Job that never started) and (unless indexed)
 * `spec.completions`; the `spec.selector` of apps/v1 workloads and a
 * StatefulSet's `spec.serviceName`; a Service's cluster IP once set; a ConfigMap's or
 * Secret's contents once `immutable: true`, and a Secret's `type`; a PersistentVolumeClaim's
 * spec, except `resources.requests` of a bound claim, a first `storageClassName` and a first
 * `volumeName`.
 *
 * The API server prints a refused value in its internal form; where that form is the wire
 * JSON (strings, numbers, selectors) the messages are the same, otherwise (a Job's pod
 * template) the fake prints the wire JSON, and a PersistentVolumeClaim's message stops
 * before the diff the API server appends.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import { gvkString, type ResourceInfo } from '@operant/core/internal';
import { type JsonObject, type Json as JsonValue, jsonEqual, toJson } from './json.js';
import type { StatusCause } from './status-errors.js';

type Obj = JsonObject;
/** The causes of an update from `old` to `next` (both wire JSON). */
type ImmutableRule = (old: Obj, next: Obj) => StatusCause[];

const at = (obj: Obj, path: readonly string[]): JsonValue | undefined => {
  let cur: JsonValue | undefined = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
};

const empty = (v: JsonValue | undefined) =>
  v === undefined || v === null || (typeof v === 'object' && Object.keys(v).length === 0);
const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  (empty(a) && empty(b)) || (a !== undefined && b !== undefined && jsonEqual(a, b));

/** Go's JSON of a label selector: `matchLabels` (keys sorted) before `matchExpressions`. */
function selectorJson(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return 'null';
  const s = v as { matchLabels?: Record<string, string>; matchExpressions?: JsonObject[] };
  const out: Record<string, unknown> = {};
  if (s.matchLabels && Object.keys(s.matchLabels).length > 0) {
    out.matchLabels = Object.fromEntries(Object.entries(s.matchLabels).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  if (s.matchExpressions && s.matchExpressions.length > 0) {
    out.matchExpressions = s.matchExpressions.map(({ key, operator, values }) => ({ key, operator, values }));
  }
  return JSON.stringify(out);
}

const render = (v: JsonValue | undefined) => (v === undefined ? 'null' : JSON.stringify(v));

/** `ValidateImmutableField` on `path`, the value printed by `print`. */
const immutable =
  (path: readonly string[], print: (v: JsonValue | undefined) => string = render): ImmutableRule =>
  (old, next) => {
    const value = at(next, path);
    if (same(at(old, path), value)) return [];
    return [
      {
        reason: 'FieldValueInvalid',
        field: path.join('.'),
        message: `Invalid value: ${print(value)}: field is immutable`,
      },
    ];
  };

const selector = immutable(['spec', 'selector'], selectorJson);

/**
 * A Job's pod template. While the Job is suspended and has never started, its scheduling
 * directives (template labels and annotations, node selector, affinity, tolerations,
 * scheduling gates) and its containers' resources may change: then the rest of
 * `spec.template.spec` is what may not.
 */
const jobTemplate: ImmutableRule = (old, next) => {
  const suspended = at(old, ['spec', 'suspend']) === true && at(old, ['status', 'startTime']) === undefined;
  if (!suspended) return immutable(['spec', 'template'])(old, next);
  const fixed = (job: Obj): Obj => {
    const spec = structuredClone((at(job, ['spec', 'template', 'spec']) as Obj | undefined) ?? {});
    for (const key of ['nodeSelector', 'affinity', 'tolerations', 'schedulingGates']) delete spec[key];
    for (const key of ['containers', 'initContainers']) {
      const list = spec[key] as Obj[] | undefined;
      if (list !== undefined) spec[key] = list.map(({ resources: _r, ...rest }) => rest);
    }
    return { spec: { template: { spec } } };
  };
  return immutable(['spec', 'template', 'spec'])(fixed(old), fixed(next)).map((cause) => ({
    ...cause,
    message: `Invalid value: ${render(at(next, ['spec', 'template', 'spec']))}: field is immutable`,
  }));
};

const jobCompletions: ImmutableRule = (old, next) =>
  at(old, ['spec', 'completionMode']) === 'Indexed' ? [] : immutable(['spec', 'completions'])(old, next);

/** A Service's cluster IPs (`clusterIP` is `clusterIPs[0]`); an update that leaves them out keeps them. */
const clusterIPs = (svc: Obj): string[] => {
  const ips = (at(svc, ['spec', 'clusterIPs']) as string[] | undefined) ?? [];
  const ip = at(svc, ['spec', 'clusterIP']) as string | undefined;
  return ip ? [ip, ...ips.slice(1)] : ips;
};

const serviceClusterIP: ImmutableRule = (old, next) => {
  const before = clusterIPs(old);
  const after = clusterIPs(next);
  const externalName = [old, next].some((s) => at(s, ['spec', 'type']) === 'ExternalName');
  if (externalName || before.length === 0 || after.length === 0 || before[0] === after[0]) return [];
  return [
    {
      reason: 'FieldValueInvalid',
      field: 'spec.clusterIPs[0]',
      message: `Invalid value: ${JSON.stringify(after)}: may not change once set`,
    },
  ];
};

const lockedMessage = 'Forbidden: field is immutable when `immutable` is set';
const locked = (field: string): StatusCause => ({ reason: 'FieldValueForbidden', field, message: lockedMessage });

/** A Secret's `data` as the API server stores it: `stringData` folded in, base64-encoded. */
const secretData = (secret: Obj): JsonValue | undefined => {
  const stringData = secret.stringData as Record<string, string> | undefined;
  if (stringData === undefined) return secret.data;
  const encoded = Object.entries(stringData).map(([k, v]) => [k, Buffer.from(v).toString('base64')]);
  return { ...((secret.data as JsonObject | undefined) ?? {}), ...Object.fromEntries(encoded) };
};

const lockedContents =
  (fields: readonly [string, (o: Obj) => JsonValue | undefined][]): ImmutableRule =>
  (old, next) => {
    if (old.immutable !== true) return [];
    const causes = fields.filter(([, read]) => !same(read(old), read(next))).map(([field]) => locked(field));
    if (next.immutable !== true) causes.push(locked('immutable'));
    return causes;
  };

const configMapContents = lockedContents([
  ['data', (o) => o.data],
  ['binaryData', (o) => o.binaryData],
]);
const secretContents = lockedContents([['data', secretData]]);
const secretType: ImmutableRule = (old, next) => {
  const type = (o: Obj) => (o.type as string | undefined) || 'Opaque';
  if (type(old) === type(next)) return [];
  return [
    {
      reason: 'FieldValueInvalid',
      field: 'type',
      message: `Invalid value: ${JSON.stringify(type(next))}: field is immutable`,
    },
  ];
};

const pvcMessage =
  'Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

/** `ValidatePersistentVolumeClaimUpdate`'s spec rule (without the size and volume mode rules). */
const pvcSpec: ImmutableRule = (old, next) => {
  const before = structuredClone((old.spec as Obj | undefined) ?? {});
  const after = structuredClone((next.spec as Obj | undefined) ?? {});
  if (!before.volumeName) before.volumeName = after.volumeName as JsonValue;
  if (before.storageClassName === undefined && after.storageClassName) before.storageClassName = after.storageClassName;
  if (at(old, ['status', 'phase']) === 'Bound') {
    for (const spec of [before, after]) {
      const { requests: _r, ...rest } = (spec.resources as Obj | undefined) ?? {};
      spec.resources = rest;
      delete spec.volumeAttributesClassName;
    }
  }
  if (same(toJson(before), toJson(after))) return [];
  return [{ reason: 'FieldValueForbidden', field: 'spec', message: pvcMessage }];
};

/** The rules of each built-in kind, by `Kind.version.group` (see `gvkString`), in the API server's order. */
export const immutableRules: Readonly<Record<string, readonly ImmutableRule[]>> = {
  'Job.v1.batch': [jobCompletions, selector, jobTemplate],
  'Deployment.v1.apps': [selector],
  'ReplicaSet.v1.apps': [selector],
  'DaemonSet.v1.apps': [selector],
  'StatefulSet.v1.apps': [selector, immutable(['spec', 'serviceName'])],
  'Service.v1': [serviceClusterIP],
  'ConfigMap.v1': [configMapContents],
  'Secret.v1': [secretContents, secretType],
  'PersistentVolumeClaim.v1': [pvcSpec],
};

/** The causes of an update of a `info` object from `old` to `next`: the fields it may not change. */
export function immutableFieldCauses(info: ResourceInfo, old: KubernetesObject, next: KubernetesObject): StatusCause[] {
  const rules = immutableRules[gvkString(info)] ?? [];
  return rules.flatMap((rule) => rule(old as unknown as Obj, next as unknown as Obj));
}

/**
 * What the API server keeps of `old` when an update leaves it out: a Service's cluster IPs
 * (its `patchAllocatedValues`). Returns `next`, changed in place.
 */
export function keepAllocated(info: ResourceInfo, old: KubernetesObject, next: KubernetesObject): KubernetesObject {
  if (gvkString(info) !== 'Service.v1') return next;
  const spec = (next as { spec?: JsonObject }).spec;
  const oldSpec = (old as { spec?: JsonObject }).spec;
  if (spec === undefined || oldSpec === undefined || spec.type === 'ExternalName') return next;
  if (!spec.clusterIP && oldSpec.clusterIP) spec.clusterIP = oldSpec.clusterIP;
  if (spec.clusterIPs === undefined && oldSpec.clusterIPs !== undefined) spec.clusterIPs = oldSpec.clusterIPs;
  return next;
}
