/**
 * `buildCrds(classes)`: `@CustomResource` classes → CustomResourceDefinitions, one per
 * group and kind, one version per class (Kubernetes version order), exactly one storage
 * version. Every problem of the run is reported in one `CrdError`; warnings are returned.
 * `buildCrd(...classes)` is the sugar for a single kind.
 * @module
 */

import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import { getResourceMetadata } from '../metadata/storage.js';
import type { AnyClass, ResourceMetadata } from '../metadata/types.js';
import { canonical } from '../schema/canonical.js';
import { SchemaBuilder, type SchemaOptions } from '../schema/object-schema.js';
import { compareVersions, nameProblems, resourceNames } from './names.js';
import { buildVersion, type Problem } from './version.js';

export interface BuildCrdsResult {
  crds: CustomResourceDefinition[];
  /** Lossy mappings and ignored formats, each naming class and property. */
  warnings: string[];
}

interface Entry {
  type: AnyClass;
  meta: ResourceMetadata;
}

function groupByKind(classes: readonly AnyClass[]): Map<string, Entry[]> {
  const kinds = new Map<string, Entry[]>();
  for (const type of classes) {
    const meta = getResourceMetadata(type);
    if (meta?.options === undefined) {
      throw new CrdError('invalidCrd', `${type?.name ?? String(type)} has no @CustomResource decorator`);
    }
    const key = `${meta.options.group}/${meta.options.kind}`;
    kinds.set(key, [...(kinds.get(key) ?? []), { type, meta }]);
  }
  return kinds;
}

function assemble(
  entries: Entry[],
  builder: SchemaBuilder,
  problems: Problem[],
  warnings: string[],
): CustomResourceDefinition {
  const fail = (message: string) => problems.push({ kind: 'invalidCrd', message });
  const first = entries[0]!.meta.options!;
  const names = resourceNames(first);
  const label = `${first.kind} (${first.group})`;
  for (const problem of nameProblems(first.group, names)) fail(`${entries[0]!.type.name}: ${problem}`);
  const versions: CustomResourceDefinitionVersion[] = [];
  for (const { type, meta } of entries) {
    const options = meta.options!;
    const mine = resourceNames(options);
    if (JSON.stringify(mine) !== JSON.stringify(names) || options.scope !== first.scope) {
      fail(`${type.name}: @CustomResource names and scope must match the other versions of ${label}`);
    }
    if (versions.some((v) => v.name === options.version))
      fail(`${type.name}: version ${options.version} of ${label} is declared twice`);
    const result = buildVersion(type, meta, builder);
    problems.push(...result.errors);
    warnings.push(...result.warnings);
    versions.push(result.version);
  }
  if (versions.length === 1 && !entries[0]!.meta.storage) versions[0]!.storage = true;
  const storage = versions.filter((v) => v.storage).length;
  if (storage !== 1) {
    fail(
      `${label}: exactly one version needs @StorageVersion(), found ${storage} (${entries.map((e) => e.type.name).join(', ')})`,
    );
  }
  versions.sort((a, b) => compareVersions(a.name, b.name));
  const crd: CustomResourceDefinition = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${names.plural}.${first.group}` },
    spec: { group: first.group, names, scope: first.scope, versions },
  };
  const annotations = Object.assign({}, ...entries.map((e) => e.meta.crdMetadata?.annotations ?? {}));
  const labels = Object.assign({}, ...entries.map((e) => e.meta.crdMetadata?.labels ?? {}));
  if (Object.keys(annotations).length > 0) crd.metadata.annotations = annotations;
  if (Object.keys(labels).length > 0) crd.metadata.labels = labels;
  if (/(^|\.)(k8s\.io|kubernetes\.io)$/.test(first.group) && annotations['api-approved.kubernetes.io'] === undefined) {
    fail(
      `${label}: groups under k8s.io and kubernetes.io need the api-approved.kubernetes.io annotation (@CrdMetadata)`,
    );
  }
  return canonical(crd);
}

export type BuildCrdsOptions = SchemaOptions;

export function buildCrds(classes: readonly AnyClass[], options: BuildCrdsOptions = {}): BuildCrdsResult {
  const builder = new SchemaBuilder(options);
  const problems: Problem[] = [];
  const warnings: string[] = [];
  const crds: CustomResourceDefinition[] = [];
  for (const entries of groupByKind(classes).values()) {
    try {
      crds.push(assemble(entries, builder, problems, warnings));
    } catch (err) {
      if (!CrdError.is(err)) throw err;
      problems.push({ kind: err.kind, message: err.message });
    }
  }
  if (problems.length > 0) {
    const kinds = new Set(problems.map((p) => p.kind));
    const kind = kinds.size === 1 ? problems[0]!.kind : 'invalidCrd';
    throw new CrdError(kind, problems.map((p) => p.message).join('\n'));
  }
  warnings.push(...builder.warnings.map((w) => `${w.where}: ${w.message}`));
  crds.sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { crds, warnings: [...new Set(warnings)] };
}

/** The CRD of one kind (all its version classes); throws when the classes span several kinds. */
export function buildCrd(...classes: AnyClass[]): CustomResourceDefinition {
  const { crds } = buildCrds(classes);
  if (crds.length !== 1) {
    throw new CrdError(
      'invalidCrd',
      `buildCrd() builds one kind; got ${crds.map((c) => c.metadata.name).join(', ')} (use buildCrds)`,
    );
  }
  return crds[0]!;
}
