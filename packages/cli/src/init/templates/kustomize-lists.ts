/**
 * `config/crd/kustomization.yaml` and `config/samples/kustomization.yaml`: empty lists that
 * `operant create api` fills (the CRD file `pnpm manifests` writes, the sample it scaffolds).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const kustomizeLists: ScaffoldFile[] = [
  {
    path: 'config/crd/kustomization.yaml',
    content: `# The CustomResourceDefinitions of config/crd/bases, written by \`pnpm manifests\`
# (operant crd-gen). \`operant create api\` adds each new kind.
resources: []
`,
  },
  {
    path: 'config/samples/kustomization.yaml',
    content: `# One sample object per kind: kubectl apply -k config/samples
resources: []
`,
  },
];
