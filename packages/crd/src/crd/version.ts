/**
 * One `@CustomResource` class → one CRD version: the root schema (`apiVersion`, `kind`,
 * `metadata` as controller-gen writes them, then the class's own fields, descriptions cut to
 * `maxDescriptionLength`), subresources, printer columns and selectable fields, with the
 * checks that tie them to the schema.
 * @module
 */

import type { CustomResourceDefinitionVersion, JSONSchemaProps } from '../apiextensions/types.js';
import { checkStructural } from '../check/structural.js';
import type { CrdErrorKind } from '../errors.js';
import type { AnyClass, ResourceMetadata } from '../metadata/types.js';
import { canonical } from '../schema/canonical.js';
import type { SchemaBuilder } from '../schema/object-schema.js';
import { truncateDescriptions } from '../schema/truncate-descriptions.js';
import { nodeAt, resolveJsonPath } from './json-path.js';

/** The root's fields, as controller-gen writes them (metav1.TypeMeta's doc comments, line breaks kept). */
const rootFields = {
  apiVersion: {
    type: 'string',
    description:
      'APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
  },
  kind: {
    type: 'string',
    description:
      'Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
  },
  metadata: { type: 'object' },
} satisfies Record<string, JSONSchemaProps>;

export interface Problem {
  kind: CrdErrorKind;
  message: string;
}

export interface VersionResult {
  version: CustomResourceDefinitionVersion;
  errors: Problem[];
  warnings: string[];
}

export function buildVersion(type: AnyClass, meta: ResourceMetadata, builder: SchemaBuilder): VersionResult {
  const options = meta.options!;
  const own = builder.objectSchema(type, type.name, { skip: Object.keys(rootFields) });
  const schema: JSONSchemaProps = canonical(
    truncateDescriptions(
      { ...own, type: 'object', properties: { ...structuredClone(rootFields), ...own.properties } },
      builder.maxDescriptionLength,
    ),
  );
  const where = `${type.name} (${options.kind} ${options.version})`;
  const report = checkStructural(schema, type.name, { statusSubresource: meta.status });
  const errors: Problem[] = report.errors.map((message) => ({ kind: 'structural', message }));
  const problem = (message: string) => errors.push({ kind: 'invalidCrd', message: `${where}: ${message}` });
  if (meta.status && schema.properties?.status === undefined) {
    problem('@StatusSubresource needs a "status" property');
  }
  if (meta.scale !== undefined) {
    for (const key of ['specReplicasPath', 'statusReplicasPath'] as const) {
      const target = nodeAt(schema, meta.scale[key]);
      if (target?.type !== 'integer')
        problem(`@ScaleSubresource ${key} "${meta.scale[key]}" must point at an integer field`);
    }
    if (!meta.status) problem('@ScaleSubresource needs @StatusSubresource');
  }
  for (const column of meta.printColumns) {
    if (column.jsonPath.startsWith('.metadata.')) continue;
    const resolved = resolveJsonPath(schema, column.jsonPath);
    const prefix = `${where}: @PrintColumn "${column.name}" points at ${column.jsonPath}`;
    if ('missing' in resolved)
      report.warnings.push(`${prefix}, which the schema does not declare (${resolved.missing})`);
    if ('invalid' in resolved) report.warnings.push(`${prefix}, which is not a JSONPath: ${resolved.invalid}`);
  }
  if (meta.selectableFields.length > 8) problem('at most 8 @SelectableField are allowed');
  for (const path of meta.selectableFields) {
    const target = nodeAt(schema, path);
    if (target === undefined || !['string', 'integer', 'boolean'].includes(target.type ?? '')) {
      problem(`@SelectableField "${path}" must point at a string, integer or boolean field`);
    }
  }
  const version: CustomResourceDefinitionVersion = {
    name: options.version,
    served: meta.served,
    storage: meta.storage,
    schema: { openAPIV3Schema: schema },
  };
  if (meta.deprecated !== undefined) {
    version.deprecated = true;
    if (meta.deprecated.warning !== undefined) version.deprecationWarning = meta.deprecated.warning;
  }
  if (meta.status || meta.scale !== undefined) {
    version.subresources = {};
    if (meta.status) version.subresources.status = {};
    if (meta.scale !== undefined) version.subresources.scale = { ...meta.scale };
  }
  if (meta.printColumns.length > 0) version.additionalPrinterColumns = meta.printColumns.map((c) => ({ ...c }));
  if (meta.selectableFields.length > 0)
    version.selectableFields = meta.selectableFields.map((jsonPath) => ({ jsonPath }));
  return { version: canonical(version), errors, warnings: report.warnings };
}
