/**
 * `src/webhooks/[<group>/]<hub version>/<kind>.<spoke>.conversion.ts`: kubebuilder's `--conversion
 * --spoke v2`, its `<kind>_conversion.go` in Operant's form, one `@Conversion({ hub, spoke })`
 * class per spoke. The given version is the hub (usually the storage version); the example
 * copies the spec across, which holds only while both versions have the same fields.
 * `config/crd/kustomizeconfig.yaml` lets kustomize rewrite the conversion webhook's Service
 * reference that crd-gen writes into the CRD.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { WebhookLayout } from '../layout.js';

export const conversionClass = (names: ResourceNames, spoke: string) =>
  `${names.kind}${spoke.charAt(0).toUpperCase()}${spoke.slice(1)}Conversion`;

/** `spokeApiDir`: the spoke version's folder (PROJECT's `path` of that version). */
export function conversionFile(
  names: ResourceNames,
  spoke: string,
  layout: WebhookLayout,
  spokeApiDir: string,
): ScaffoldFile {
  const path = layout.conversion(spoke);
  const { kind, qualifiedGroup, version } = names;
  const spokeType = `${kind}${spoke.charAt(0).toUpperCase()}${spoke.slice(1)}`;
  return {
    path,
    content: `/**
 * Converts ${kind} ${spoke} to and from ${version}, the hub every version converts through
 * (controller-runtime's Convertible and Hub). The API server calls it through the CRD's
 * conversion webhook (\`pnpm manifests\` writes spec.conversion).
 * @module
 */
import { Conversion } from '@operant/core/decorators';
import type { Converter } from '@operant/core/webhook';
import { ${kind} } from '${importPath(path, `${layout.apiDir}/index.ts`)}';
import { ${kind} as ${spokeType} } from '${importPath(path, `${spokeApiDir}/index.ts`)}';

@Conversion({ hub: ${kind}, spoke: ${spokeType} })
export class ${conversionClass(names, spoke)} implements Converter<${spokeType}, ${kind}> {
  /** ${spoke} → ${version}. TODO(user): map the fields that differ; keep in annotations what ${version} cannot hold. */
  toHub(spoke: ${spokeType}): ${kind} {
    return { ...spoke, apiVersion: '${qualifiedGroup}/${version}', spec: { ...spoke.spec }, status: { ...spoke.status } };
  }

  /** ${version} → ${spoke}. TODO(user): the reverse mapping; a round trip must lose nothing. */
  fromHub(hub: ${kind}): ${spokeType} {
    return { ...hub, apiVersion: '${qualifiedGroup}/${spoke}', spec: { ...hub.spec }, status: { ...hub.status } };
  }
}
`,
  };
}

export const crdKustomizeConfig: ScaffoldFile = {
  path: 'config/crd/kustomizeconfig.yaml',
  content: `# Teaches kustomize that a CRD's conversion webhook names the webhook Service: its name
# prefix and namespace reach spec.conversion.webhook.clientConfig.service.
nameReference:
  - kind: Service
    version: v1
    fieldSpecs:
      - kind: CustomResourceDefinition
        version: v1
        group: apiextensions.k8s.io
        path: spec/conversion/webhook/clientConfig/service/name

namespace:
  - kind: CustomResourceDefinition
    version: v1
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/namespace
    create: false
`,
};
