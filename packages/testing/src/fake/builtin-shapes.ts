/**
 * The shape of built-in objects, for the fake client, read from the schemas crd-gen writes
 * for `@KubernetesType` (`kubernetesTypeSchema('batch/v1.Job')`, loaded on the first write
 * of a built-in object and kept per kind). The API server does not run OpenAPI validation
 * on built-in kinds; it decodes the body into the kind's Go struct, then runs the kind's
 * hand-written validation. Both are followed here (Kubernetes 1.37, observed on envtest).
 *
 * Decoding (`decodeProblem`): a value of the wrong JSON type, an integer out of its
 * format's range or with a fraction, an int-or-string that is neither, a Quantity that does
 * not parse, a `byte` string that is not base64 and a `date-time` that is not RFC 3339 are
 * refused; Go's decoder reports the first one in document order. Unknown fields are
 * dropped (`fieldValidation` Ignore or Warn, the default) or refused (Strict). `metadata`,
 * an open object in the schemas as controller-gen writes it, is decoded as ObjectMeta
 * (`objectMeta()`).
 *
 * Required fields (`requiredFieldCauses`): Go cannot tell a missing field from its zero
 * value, so a required string, integer, int-or-string or list that is absent, null, empty
 * or zero is refused, and a missing required struct is walked as an empty one. Where the
 * schema says required and the API server accepts the zero value, `notRequired` says so.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import { gvkString, type ResourceInfo } from '@operant/core/internal';
import type { JSONSchemaProps } from '@operant/crd';
import { isKubernetesTypeName, kubernetesTypeSchema } from '@operant/crd/schema';
import type { Json, JsonObject } from './json.js';
import { isBuiltin } from './kinds.js';
import type { StatusCause } from './status-errors.js';

/** The Go package (data/k8s-types.json) of each API group Operant has the schemas of. */
const packages: Readonly<Record<string, string>> = {
  '': 'core',
  apps: 'apps',
  autoscaling: 'autoscaling',
  batch: 'batch',
  policy: 'policy',
  'networking.k8s.io': 'networking',
  'rbac.authorization.k8s.io': 'rbac',
};

const text: JSONSchemaProps = { type: 'string' };
const time: JSONSchemaProps = { type: 'string', format: 'date-time' };
const int64: JSONSchemaProps = { type: 'integer', format: 'int64' };
const texts: JSONSchemaProps = { type: 'object', additionalProperties: text };

let objectMetaSchema: JSONSchemaProps | undefined;

/** `metav1.ObjectMeta`, which the schemas leave an open object (as controller-gen does): its fields, for decoding. */
function objectMeta(): JSONSchemaProps {
  objectMetaSchema ??= {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion'].map((key) => [key, text]),
      ),
      generation: int64,
      creationTimestamp: time,
      deletionTimestamp: time,
      deletionGracePeriodSeconds: int64,
      labels: texts,
      annotations: texts,
      ownerReferences: kubernetesTypeSchema('[]meta/v1.OwnerReference'),
      finalizers: { type: 'array', items: text },
      managedFields: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...Object.fromEntries(
              ['manager', 'operation', 'apiVersion', 'fieldsType', 'subresource'].map((k) => [k, text]),
            ),
            time,
            fieldsV1: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
        },
      },
    },
  };
  return objectMetaSchema;
}

/** `schema` with every `metadata` that is an open object replaced by `objectMeta()`. */
function withObjectMeta(schema: JSONSchemaProps): JSONSchemaProps {
  const meta = schema.properties?.metadata;
  if (meta?.type === 'object' && meta.properties === undefined && schema.properties !== undefined) {
    schema.properties.metadata = objectMeta();
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) if (key !== 'metadata') withObjectMeta(child);
  if (schema.items !== undefined) withObjectMeta(schema.items);
  if (typeof schema.additionalProperties === 'object') withObjectMeta(schema.additionalProperties);
  return schema;
}

const schemas = new Map<string, JSONSchemaProps | undefined>();

/** The flattened schema of a built-in kind (`batch/v1.Job`), or undefined when Operant has none. */
function builtinSchema(info: ResourceInfo): JSONSchemaProps | undefined {
  const key = gvkString(info);
  if (!schemas.has(key)) {
    const pkg = packages[info.group];
    const name = `${pkg}/${info.version}.${info.kind}`;
    const known = isBuiltin(info) && pkg !== undefined && isKubernetesTypeName(name);
    schemas.set(key, known ? withObjectMeta(kubernetesTypeSchema(name)) : undefined);
  }
  return schemas.get(key);
}

const join = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/** Go's name of a JSON value's kind in `cannot unmarshal <kind>`. */
const jsonKind = (v: Json): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v;

/** The Go type a schema node decodes into, as the message names it. */
const goType = (s: JSONSchemaProps): string =>
  s.type === 'integer' ? (s.format ?? 'int64') : s.type === 'boolean' ? 'bool' : (s.type ?? 'interface {}');

const goQuantity = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
const quantityMessage = `quantities must match the regular expression '${goQuantity}'`;
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
const INT32 = 2 ** 31;
const INT64 = 2 ** 63;

/**
 * A value the Go struct cannot hold: of the wrong JSON `type`, a `value` its type's decoder
 * refuses (a fraction for an integer, a Quantity, base64, a time), or an integer out of
 * `range`. Server-side apply checks types first and lets out-of-range integers through.
 */
interface Problem {
  path: string;
  message: string;
  stage: 'type' | 'value' | 'range';
}

/** What decoding found, in document order: problems (Go's messages) and unknown fields. */
interface Decoded {
  problems: Problem[];
  unknown: string[];
}

function mismatch(v: Json, s: JSONSchemaProps | 'int32', path: string, stage: Problem['stage'] = 'type'): Problem {
  const type = s === 'int32' ? 'int32' : goType(s);
  const value = typeof v === 'number' && (type.startsWith('int') || type === 'bool') ? `number ${v}` : jsonKind(v);
  // Go names the field without list indices
  const field = path.replace(/\[\d+\]/g, '');
  return { path, stage, message: `json: cannot unmarshal ${value} into Go struct field ${field} of type ${type}` };
}

function integerFits(v: number, format: string | undefined): boolean {
  const bound = format === 'int32' ? INT32 : INT64;
  return Number.isInteger(v) && v >= -bound && v < bound;
}

const patterns = new Map<string, RegExp>();
const matches = (pattern: string, v: string) => {
  const re = patterns.get(pattern) ?? new RegExp(pattern);
  patterns.set(pattern, re);
  return re.test(v);
};

function intOrStringProblem(v: Json, s: JSONSchemaProps, path: string): Problem | undefined {
  if (s.pattern !== undefined) {
    // resource.Quantity: a JSON number, or a string that parses
    if (typeof v === 'number' || (typeof v === 'string' && matches(s.pattern, v))) return undefined;
    return { path, stage: 'value', message: quantityMessage };
  }
  if (typeof v === 'string' || (typeof v === 'number' && integerFits(v, 'int32'))) return undefined;
  return mismatch(v, 'int32', path, typeof v === 'number' && Number.isInteger(v) ? 'range' : 'value');
}

function stringProblem(v: string, s: JSONSchemaProps, path: string): Problem | undefined {
  if (s.format === 'date-time' && !rfc3339.test(v)) {
    const message = `parsing time ${JSON.stringify(v)} as "2006-01-02T15:04:05Z07:00": cannot parse`;
    return { path, stage: 'value', message };
  }
  if (s.format === 'byte' && (v.length % 4 !== 0 || !base64.test(v))) {
    const at = [...v].findIndex((c) => !/[A-Za-z0-9+/=]/.test(c));
    return { path, stage: 'value', message: `illegal base64 data at input byte ${at < 0 ? v.length : at}` };
  }
  return undefined;
}

function integerProblem(v: Json, s: JSONSchemaProps, path: string): Problem | undefined {
  if (typeof v !== 'number') return mismatch(v, s, path);
  if (!Number.isInteger(v)) return mismatch(v, s, path, 'value');
  return integerFits(v, s.format) ? undefined : mismatch(v, s, path, 'range');
}

/** Whether unknown fields of an object of schema `s` are kept (an open object, or `x-kubernetes-preserve-unknown-fields`). */
const open = (s: JSONSchemaProps) =>
  s['x-kubernetes-preserve-unknown-fields'] === true ||
  (s.properties === undefined && s.additionalProperties === undefined);

/** The problem of a leaf value, or of a list or object's own type. */
function nodeProblem(v: Json, s: JSONSchemaProps, path: string): Problem | undefined {
  if (s['x-kubernetes-int-or-string']) return intOrStringProblem(v, s, path);
  switch (s.type) {
    case 'string':
      return typeof v === 'string' ? stringProblem(v, s, path) : mismatch(v, s, path);
    case 'integer':
      return integerProblem(v, s, path);
    case 'number':
      return typeof v === 'number' ? undefined : mismatch(v, s, path);
    case 'boolean':
      return typeof v === 'boolean' ? undefined : mismatch(v, s, path);
    case 'array':
      return Array.isArray(v) ? undefined : mismatch(v, s, path);
    case 'object':
      return typeof v === 'object' && !Array.isArray(v) ? undefined : mismatch(v, s, path);
  }
  return undefined;
}

/** Walks `v` in document order, as Go decodes it; `prune` drops unknown fields in place. */
function decode(v: Json | undefined, s: JSONSchemaProps, path: string, prune: boolean, out: Decoded): void {
  if (v === null || v === undefined) return; // an undefined key is not on the wire
  const problem = nodeProblem(v, s, path);
  if (problem !== undefined) out.problems.push(problem);
  else if (s['x-kubernetes-int-or-string']) return;
  else if (Array.isArray(v) && s.items !== undefined) {
    for (const [i, item] of v.entries()) decode(item, s.items, join(path, i), prune, out);
  } else if (typeof v === 'object' && !Array.isArray(v) && s.type === 'object') decodeObject(v, s, path, prune, out);
}

function decodeObject(v: JsonObject, s: JSONSchemaProps, path: string, prune: boolean, out: Decoded): void {
  const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const [key, child] of Object.entries(v)) {
    const schema = s.properties?.[key] ?? values;
    if (schema !== undefined) decode(child, schema, join(path, key), prune, out);
    else if (!open(s)) {
      out.unknown.push(join(path, key));
      if (prune) delete v[key];
    }
  }
}

/**
 * Decodes `obj` (wire JSON) as the API server decodes a body of a built-in kind: the first
 * problem and the unknown fields, dropped from `obj` unless `strict`. Nothing for other kinds.
 */
function decodeBuiltin(info: ResourceInfo, obj: KubernetesObject, strict: boolean): Decoded {
  const out: Decoded = { problems: [], unknown: [] };
  const schema = builtinSchema(info);
  if (schema !== undefined) decode(obj as unknown as Json, schema, '', !strict, out);
  return out;
}

/** Required fields whose zero value the API server's validation accepts (paths without list indices). */
const notRequired = [
  'httpHeaders.value',
  'sysctls.value',
  'sleep.seconds',
  'iscsi.lun',
  'podFailurePolicy.rules',
  'spec.limits',
] as const;

const exempt = (path: string) => {
  const bare = path.replace(/\[\d+\]/g, '');
  return notRequired.some((suffix) => bare === suffix || bare.endsWith(`.${suffix}`));
};

const isZero = (v: Json | undefined) =>
  v === undefined || v === null || v === '' || v === 0 || (Array.isArray(v) && v.length === 0);

function required(v: Json, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  if (Array.isArray(v)) {
    if (s.items !== undefined) for (const [i, item] of v.entries()) required(item, s.items, join(path, i), out);
    return;
  }
  if (v === null || typeof v !== 'object' || s.type !== 'object') return;
  for (const name of s.required ?? []) {
    const child = s.properties?.[name];
    const field = join(path, name);
    if (child?.type === 'object' && !child['x-kubernetes-int-or-string']) {
      if (v[name] === undefined || v[name] === null) required({}, child, field, out);
    } else if (isZero(v[name]) && !exempt(field)) {
      out.push({ reason: 'FieldValueRequired', field, message: 'Required value' });
    }
  }
  const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const [key, child] of Object.entries(v)) {
    const schema = s.properties?.[key] ?? values;
    const skipped = (path === '' && key === 'status') || schema === objectMetaSchema;
    if (schema !== undefined && !skipped) required(child, schema, join(path, key), out);
  }
}

/** The required fields a built-in object misses, as the API server's validation reports them (`status` and metadata are not walked). */
export function requiredFieldCauses(info: ResourceInfo, obj: KubernetesObject): StatusCause[] {
  const schema = builtinSchema(info);
  const out: StatusCause[] = [];
  if (schema !== undefined) required(obj as unknown as Json, schema, '', out);
  return out;
}

/**
 * Decodes a request body of a built-in kind in place: `refuse(problem)` is thrown for the
 * first problem and, with `strict`, for unknown fields; otherwise those are dropped.
 */
export function decodeOrRefuse(
  info: ResourceInfo,
  obj: KubernetesObject,
  strict: boolean,
  refuse: (problem: string) => Error,
): void {
  const { problems, unknown } = decodeBuiltin(info, obj, strict);
  if (problems[0] !== undefined) throw refuse(problems[0].message);
  if (strict && unknown.length > 0) {
    throw refuse(`strict decoding error: ${unknown.map((field) => `unknown field "${field}"`).join(', ')}`);
  }
}

/**
 * What server-side apply refuses of a configuration of a built-in kind (500, in the API
 * server's words): a value of the wrong type or an unknown field (whatever
 * `fieldValidation` says) when it builds the typed patch, then a value the Go struct's
 * decoders refuse when it converts the result. Out-of-range integers pass.
 */
export function applyProblem(info: ResourceInfo, config: KubernetesObject): string | undefined {
  const { problems, unknown } = decodeBuiltin(info, config, true);
  const meta = config.metadata ?? {};
  const kind = `${info.group}/${info.version}, Kind=${info.kind}`;
  const object = `(${meta.namespace ? `${meta.namespace}/` : ''}${meta.name}; ${kind})`;
  const typed = problems.find((p) => p.stage === 'type');
  if (typed !== undefined || unknown[0] !== undefined) {
    const detail = typed !== undefined ? typed.message : 'field not declared in schema';
    return `failed to create typed patch object ${object}: .${typed?.path ?? unknown[0]}: ${detail}`;
  }
  const value = problems.find((p) => p.stage === 'value');
  if (value === undefined) return undefined;
  return `failed to convert new object ${object} to proper version: unable to convert unstructured object to ${kind}: ${value.message}`;
}
