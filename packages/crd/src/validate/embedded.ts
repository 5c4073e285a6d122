/**
 * The checks the API server makes of an `x-kubernetes-embedded-resource` object
 * (apiextensions-apiserver's `objectmeta.validateEmbeddedResource`): `apiVersion` and
 * `kind` are required strings (`apiVersion` a group/version, `kind` a DNS-1035 label in
 * any case), and `metadata`, when present, is an ObjectMeta: a name usable as a path
 * segment, a DNS-1123 namespace, valid label keys and values and annotation keys.
 * @module
 */
import type { ValidationIssue } from './issues.js';
import { isObject } from './plain.js';

const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1035Label = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const nameOfQualified = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const labelValue = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function isDns1123Subdomain(s: string): boolean {
  return s.length <= 253 && s.split('.').every((part) => dns1123Label.test(part));
}

/** apimachinery's `IsQualifiedName`: `[prefix/]name`, the name at most 63 characters. */
export function isQualifiedName(s: string): boolean {
  const parts = s.split('/');
  if (parts.length > 2) return false;
  const name = parts.at(-1) ?? '';
  const prefix = parts.length === 2 ? parts[0] : undefined;
  if (prefix !== undefined && (prefix === '' || !isDns1123Subdomain(prefix))) return false;
  return name.length <= 63 && nameOfQualified.test(name);
}

const invalid = (path: string, message: string): ValidationIssue => ({ path, constraint: 'embeddedResource', message });

function typeMetaIssues(value: Record<string, unknown>, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const name of ['apiVersion', 'kind']) {
    const at = `${path}.${name}`;
    const v = value[name];
    if (v === undefined) issues.push(invalid(at, 'Required value'));
    else if (typeof v !== 'string') issues.push(invalid(at, 'must be a string'));
    else if (v === '') issues.push(invalid(at, 'must not be empty'));
    else if (name === 'apiVersion' && v !== '/' && (v.match(/\//g)?.length ?? 0) > 1) {
      issues.push(invalid(at, `unexpected GroupVersion string: ${v}`));
    } else if (name === 'kind' && !(v.length <= 63 && dns1035Label.test(v.toLowerCase()))) {
      issues.push(invalid(at, 'may have mixed case, but should otherwise match a DNS-1035 label'));
    }
  }
  return issues;
}

function stringMapIssues(
  map: unknown,
  path: string,
  checkValue: ((v: string) => boolean) | undefined,
): ValidationIssue[] {
  if (map === undefined || map === null) return [];
  if (!isObject(map)) return [invalid(path, 'must be a map of strings')];
  const issues: ValidationIssue[] = [];
  for (const [key, v] of Object.entries(map)) {
    if (typeof v !== 'string') issues.push(invalid(`${path}.${key}`, 'must be a string'));
    else if (!isQualifiedName(checkValue === undefined ? key.toLowerCase() : key)) {
      issues.push(invalid(path, `${JSON.stringify(key)} is not a valid qualified name`));
    } else if (checkValue !== undefined && !checkValue(v)) {
      issues.push(invalid(`${path}.${key}`, 'must be a valid label value'));
    }
  }
  return issues;
}

function metadataIssues(meta: unknown, path: string): ValidationIssue[] {
  if (meta === undefined || meta === null) return [];
  if (!isObject(meta)) return [invalid(path, 'must be an object')];
  const issues: ValidationIssue[] = [];
  for (const [field, v] of [
    ['name', meta.name],
    ['generateName', meta.generateName],
    ['namespace', meta.namespace],
  ] as const) {
    if (v === undefined || v === null) continue;
    const at = `${path}.${field}`;
    if (typeof v !== 'string') issues.push(invalid(at, 'must be a string'));
    else if (field === 'namespace' && v !== '' && !(v.length <= 63 && dns1123Label.test(v))) {
      issues.push(invalid(at, 'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or "-"'));
    } else if (field !== 'namespace' && (/[/%]/.test(v) || (field === 'name' && (v === '.' || v === '..')))) {
      issues.push(invalid(at, `may not contain '/' or '%', and may not be '.' or '..'`));
    }
  }
  issues.push(...stringMapIssues(meta.labels, `${path}.labels`, (v) => v.length <= 63 && labelValue.test(v)));
  issues.push(...stringMapIssues(meta.annotations, `${path}.annotations`, undefined));
  return issues;
}

/** The issues of an embedded resource at `path` (an object; other types are type issues). */
export function embeddedResourceIssues(value: Record<string, unknown>, path: string): ValidationIssue[] {
  return [...typeMetaIssues(value, path), ...metadataIssues(value.metadata, `${path}.metadata`)];
}
