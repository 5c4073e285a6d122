/**
 * The API server's rules for object names, for the fake client: which format each built-in
 * kind's name must have (a DNS-1123 subdomain, a DNS-1123 label, or a path segment), the
 * limits some kinds add, `metadata.generateName` (checked as a prefix, then completed with
 * five random characters), and the causes a refused create carries, in the API server's
 * words (Kubernetes 1.37, `k8s.io/apimachinery/pkg/api/validation` and the kinds'
 * `pkg/apis/<group>/validation`). Custom resources and kinds missing from the table are
 * named as subdomains, as apiextensions names them.
 * @module
 */
import { randomInt } from 'node:crypto';
import type { KubernetesObject } from '@operant/core';
import { gvkString, type ResourceInfo } from '@operant/core/internal';
import type { StatusCause } from './status-errors.js';

/** How the API server checks a name (with `prefix`, a `generateName`): the problems, as messages. */
type NameFormat = (name: string, prefix: boolean) => string[];

const subdomainPattern = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const labelPattern = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const labelValuePattern = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';
const whole = (pattern: string) => new RegExp(`^${pattern}$`);
const subdomainRe = whole(subdomainPattern);
const labelRe = whole(labelPattern);
const labelValueRe = whole(labelValuePattern);

const maxLength = (n: number) => `must be no more than ${n} characters`;

export const subdomainMessage = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${subdomainPattern}')`;
export const labelMessage = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${labelPattern}')`;
export const labelValueMessage = `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${labelValuePattern}')`;

/** A prefix may end in '-': the API server checks it with that dash read as a letter. */
const masked = (name: string, prefix: boolean) =>
  prefix && name.length > 1 && name.endsWith('-') ? `${name.slice(0, -1)}a` : name;

/** `NameIsDNSSubdomain`: at most 253 characters, lowercase alphanumerics, '-' and '.'. */
const subdomain: NameFormat = (name, prefix) => {
  const value = masked(name, prefix);
  const problems: string[] = [];
  if (value.length > 253) problems.push(maxLength(253));
  if (!subdomainRe.test(value)) problems.push(subdomainMessage);
  return problems;
};

/** `NameIsDNSLabel`: at most 63 characters, lowercase alphanumerics and '-'. */
const label: NameFormat = (name, prefix) => {
  const value = masked(name, prefix);
  const problems: string[] = [];
  if (value.length > 63) problems.push(maxLength(63));
  if (!labelRe.test(value)) problems.push(subdomainRe.test(value) ? 'must not contain dots' : labelMessage);
  return problems;
};

/** `ValidatePathSegmentName`: anything a URL path segment can carry (prefixes are checked alike). */
const pathSegment: NameFormat = (name) => {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
};

/** `IsValidLabelValue`: the problems of `value` as a label value (note: "bytes", as the API server says). */
export function labelValueProblems(value: string): string[] {
  const problems: string[] = [];
  if (Buffer.byteLength(value) > 63) problems.push('must be no more than 63 bytes');
  if (!labelValueRe.test(value)) problems.push(labelValueMessage);
  return problems;
}

/** What a kind adds to its name format: more causes, from the object and its (final) name. */
type NameExtra = (obj: KubernetesObject, name: string) => StatusCause[];

interface NameRule {
  format: NameFormat;
  extra?: NameExtra;
}

const invalidValue = (field: string, value: string, message: string): StatusCause => ({
  reason: 'FieldValueInvalid',
  field,
  message: `Invalid value: ${JSON.stringify(value)}: ${message}`,
});

/** The job controller labels a Job's pods with its name: unless the selector is manual, it must be a label value. */
const jobNameLabel: NameExtra = (obj, name) => {
  const spec = (obj as { spec?: { manualSelector?: boolean } }).spec;
  if (spec?.manualSelector === true) return [];
  return labelValueProblems(name).map((m) => invalidValue('spec.template.labels', name, m));
};

/** A CronJob's Jobs are named `<name>-<11 characters>`, and must still fit a label value. */
const cronJobLength: NameExtra = (_obj, name) =>
  name.length > 52 ? [invalidValue('metadata.name', name, maxLength(52))] : [];

/** A Namespace carries its name as the value of the label `kubernetes.io/metadata.name`. */
const namespaceLabel: NameExtra = (_obj, name) =>
  labelValueProblems(name).map((m) => invalidValue('metadata.labels', name, m));

/**
 * The name rules of the built-in kinds, by `Kind.version.group` (see `gvkString`). Kinds not
 * listed here (and custom resources) are named as DNS-1123 subdomains. A
 * CustomResourceDefinition's name must also be `<plural>.<group>`; that is left to its schema.
 */
export const nameRules: Readonly<Record<string, NameRule>> = {
  'Namespace.v1': { format: label, extra: namespaceLabel },
  'Service.v1': { format: label },
  'StatefulSet.v1.apps': { format: label },
  'Job.v1.batch': { format: subdomain, extra: jobNameLabel },
  'CronJob.v1.batch': { format: subdomain, extra: cronJobLength },
  'Event.v1': { format: pathSegment },
  'PodDisruptionBudget.v1.policy': { format: pathSegment },
  'Role.v1.rbac.authorization.k8s.io': { format: pathSegment },
  'RoleBinding.v1.rbac.authorization.k8s.io': { format: pathSegment },
  'ClusterRole.v1.rbac.authorization.k8s.io': { format: pathSegment },
  'ClusterRoleBinding.v1.rbac.authorization.k8s.io': { format: pathSegment },
};

const ruleOf = (info: ResourceInfo): NameRule => nameRules[gvkString(info)] ?? { format: subdomain };

/**
 * The causes of a create of `obj` named `name` (its own, or the one made from
 * `generateName`), in the API server's order: `metadata.generateName`, `metadata.name`,
 * then what the kind adds.
 */
export function createNameCauses(info: ResourceInfo, obj: KubernetesObject, name: string): StatusCause[] {
  const rule = ruleOf(info);
  const generateName = obj.metadata?.generateName;
  const causes: StatusCause[] = [];
  if (generateName) {
    for (const m of rule.format(generateName, true))
      causes.push(invalidValue('metadata.generateName', generateName, m));
  }
  for (const m of rule.format(name, false)) causes.push(invalidValue('metadata.name', name, m));
  return [...causes, ...(rule.extra?.(obj, name) ?? [])];
}

/** The alphabet of the API server's random name suffixes (no vowels, no look-alikes). */
const suffixChars = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * The name of a created object: its own, or `generateName` (cut to 58 characters) plus five
 * random characters, as the API server's `SimpleNameGenerator` makes it.
 */
export function nameFor(obj: KubernetesObject): string | undefined {
  const meta = obj.metadata ?? {};
  if (meta.name) return meta.name;
  if (!meta.generateName) return undefined;
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += suffixChars[randomInt(suffixChars.length)];
  return `${meta.generateName.slice(0, 58)}${suffix}`;
}
