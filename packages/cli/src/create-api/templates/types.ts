/**
 * `src/api/[<group>/]<version>/<kind>.types.ts`: kubebuilder's `api/<version>/<kind>_types.go`. The
 * `@CustomResource` class with its spec and status classes, an example field to replace,
 * and the status subresource; `pnpm manifests` turns it into the CRD. The kind's first
 * version is its storage version (`@StorageVersion()`); later versions are served only.
 * With `conditions` (`--dependents`) the status has metav1.Conditions, where the `Ready`
 * condition of the dependents goes.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import type { SourcePaths } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export function typesFile(
  names: ResourceNames,
  paths: SourcePaths,
  namespaced: boolean,
  storage: boolean,
  conditions = false,
): ScaffoldFile {
  const { kind, qualifiedGroup, version } = names;
  const scope = namespaced ? 'Namespaced' : 'Cluster';
  const crdImports = [
    ...(conditions ? ['ArrayOf', 'Condition'] : []),
    'CustomObject',
    'CustomResource',
    'Format',
    ...(conditions ? ['ListMapKey', 'ListType'] : []),
    'StatusSubresource',
    ...(storage ? ['StorageVersion'] : []),
  ];
  // as Biome writes it: one line up to 120 characters, else one name per line
  const oneLine = `import { ${crdImports.join(', ')} } from '@operant/crd';`;
  const crdImport =
    oneLine.length <= 120 ? oneLine : `import {\n${crdImports.map((n) => `  ${n},\n`).join('')}} from '@operant/crd';`;
  const decorators = [
    '@IsOptional()',
    '@ValidateNested()',
    '@ArrayOf(() => Condition)',
    "@ListType('map')",
    "@ListMapKey('type')",
  ];
  const conditionsField = conditions
    ? `\n  /** Ready: whether the ${kind}'s dependents are (set by Operant). */\n${decorators.map((d) => `  ${d}\n`).join('')}  conditions?: Condition[];\n`
    : '';
  const storageLine = storage
    ? '@StorageVersion()\n'
    : '// served, not stored: @StorageVersion() marks the version etcd keeps (one per kind)\n';
  return {
    path: `${paths.apiDir}/${names.lower}.types.ts`,
    content: `/**
 * The ${kind} kind (${qualifiedGroup}/${version}). Edit the spec and status classes, then run
 * \`pnpm manifests\` to regenerate config/crd/bases. class-validator decorators become the
 * CRD's OpenAPI schema; doc comments become its descriptions.
 * @module
 */
${crdImport}
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';

/** The desired state of a ${kind}. */
export class ${kind}Spec {
  /** An example field of ${kind}: edit ${names.lower}.types.ts to remove or update it. */
  @IsOptional() @IsString() foo?: string;
}

/** The observed state of a ${kind}. */
export class ${kind}Status {
  /** The generation of the spec the controller last reconciled (an int64, as metadata.generation). */
  @IsOptional() @IsInt() @Format('int64') observedGeneration?: number;
${conditionsField}}

/** ${kind} is the Schema for the ${names.plural} API. */
@CustomResource({ group: '${qualifiedGroup}', version: '${version}', kind: '${kind}', scope: '${scope}' })
${storageLine}@StatusSubresource()
export class ${kind} extends CustomObject<${kind}Spec, ${kind}Status> {
  @ValidateNested() @Type(() => ${kind}Spec) override spec!: ${kind}Spec;
  @IsOptional() @ValidateNested() @Type(() => ${kind}Status) override status?: ${kind}Status;
}
`,
  };
}
