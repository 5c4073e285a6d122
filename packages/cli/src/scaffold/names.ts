/**
 * The names `operant init` and `operant create api` accept, checked as kubebuilder checks
 * them (errors name the flag), and the names derived from them: the qualified group, the
 * plural, the file stems and the class names of the scaffolded files.
 * @module
 */
import { pluralize } from '@operant/crd/metadata';
import { CliError } from '../errors.js';

const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const versionPattern = /^v\d+(?:alpha\d+|beta\d+)?$/;
const pascalCase = /^[A-Z][A-Za-z0-9]*$/;

const invalid = (flag: string, value: string, rule: string) =>
  new CliError('invalidName', `${flag} "${value}" is invalid: ${rule}`);

export function validateDomain(domain: string): void {
  if (!dns1123Subdomain.test(domain) || domain.length > 253) {
    throw invalid('--domain', domain, 'it must be a lowercase DNS subdomain (e.g. example.com)');
  }
}

export function validateProjectName(name: string): void {
  if (!dns1123Label.test(name) || name.length > 63) {
    throw invalid(
      '--name',
      name,
      'it must be a DNS-1123 label: lowercase letters, digits and "-", at most 63 characters (e.g. redis-operator)',
    );
  }
}

export function validateGroup(group: string, domain: string): void {
  if (!dns1123Subdomain.test(group)) {
    throw invalid('--group', group, 'it must be a lowercase DNS subdomain (e.g. cache)');
  }
  if (`${group}.${domain}`.length > 253) {
    throw invalid('--group', group, `"${group}.${domain}" is longer than 253 characters`);
  }
}

export function validateVersion(version: string): void {
  if (!versionPattern.test(version)) {
    throw invalid('--version', version, 'it must match ^v\\d+(?:alpha\\d+|beta\\d+)?$ (e.g. v1, v1alpha1, v2beta3)');
  }
}

export function validateKind(kind: string): void {
  if (!pascalCase.test(kind)) {
    throw invalid(
      '--kind',
      kind,
      'it must be PascalCase: a capital letter, then letters and digits (e.g. RedisCluster)',
    );
  }
  if (kind.length > 63) throw invalid('--kind', kind, 'it must be at most 63 characters');
}

/** What `create api` derives from `--group`, `--version`, `--kind` and the project's domain. */
export interface ResourceNames {
  group: string;
  version: string;
  kind: string;
  domain: string;
  /** `cache.example.com` */
  qualifiedGroup: string;
  /** `rediscluster`: the file stem and the singular resource name. */
  lower: string;
  /** `redisclusters` */
  plural: string;
  /** `RedisClusterReconciler` */
  reconciler: string;
  /** `redisCluster`: the variable holding one object. */
  variable: string;
}

export function resourceNames(group: string, version: string, kind: string, domain: string): ResourceNames {
  validateGroup(group, domain);
  validateVersion(version);
  validateKind(kind);
  const lower = kind.toLowerCase();
  return {
    group,
    version,
    kind,
    domain,
    qualifiedGroup: `${group}.${domain}`,
    lower,
    plural: pluralize(lower),
    reconciler: `${kind}Reconciler`,
    variable: kind.charAt(0).toLowerCase() + kind.slice(1),
  };
}
