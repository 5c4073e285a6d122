/**
 * `README.md`: what the project is and the commands of its life cycle, in the order
 * kubebuilder's README gives them.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';
import { readmeScope } from './manager-scope.js';

export function readme(context: InitContext): ScaffoldFile {
  const owner = context.owner === undefined ? '' : `\n\nCopyright ${new Date().getFullYear()} ${context.owner}.`;
  return {
    path: 'README.md',
    content: `# ${context.name}

A Kubernetes operator built with Operant
(controller-runtime and kubebuilder for TypeScript).

## Develop

\`\`\`sh
pnpm install
pnpm exec operant create api --group <group> --version v1 --kind <Kind>   # a new kind and its controller
pnpm manifests        # CRDs (config/crd/bases) and the manager's ClusterRole (config/rbac/role.yaml)
pnpm build            # tsc
pnpm lint             # biome
pnpm test             # tsc over sources and tests, then jest: unit specs and envtest suites (a real kube-apiserver)
pnpm test --selectProjects unit   # the unit specs (src/**/*.spec.ts) only: no control plane
\`\`\`

## Run against a cluster

\`\`\`sh
pnpm envtest          # optional: a local control plane; prints the KUBECONFIG to export
pnpm install-crds     # kubectl apply -k config/crd
pnpm run run          # the manager, with the current kubeconfig
kubectl apply -k config/samples
\`\`\`

## Deploy

\`\`\`sh
IMG=<registry>/${context.name}:tag pnpm docker-build
(cd config/manager && kustomize edit set image controller=<registry>/${context.name}:tag)
pnpm run deploy       # kubectl apply -k config/default
pnpm run undeploy
\`\`\`

(\`pnpm run run\` and \`pnpm run deploy\`: \`pnpm run\` and \`pnpm deploy\` are pnpm commands of their own.)

## Metrics

\`config/default\` serves \`/metrics\` over HTTPS on 8443 (the Service
\`${context.name}-controller-manager-metrics-service\`), only to bearer tokens whose user is
bound to the \`${context.name}-metrics-reader\` ClusterRole (TokenReview + SubjectAccessReview, as
kubebuilder). \`pnpm run run --metrics-bind-address=:8080 --metrics-secure=false\` serves plain
HTTP for local work.

## Replicas: leader election or sharding

\`config/manager\` runs one replica with \`--leader-elect\`: more replicas are warm standbys,
one reconciles. To have N replicas split the objects between them (each lists, watches and
reconciles about 1/N), uncomment \`components: [../sharding]\` in
\`config/default/kustomization.yaml\`: \`config/sharding\` sets \`replicas: 3\`, adds
\`--sharding\` to the manager's args and lets the replicas keep their membership Leases in
the manager's namespace (Operant's docs/sharding.md).${readmeScope(context)}${owner}
`,
  };
}
