/**
 * The chart's `values.yaml`: its defaults are what the kustomize output deploys (image,
 * replicas, resources, security contexts, metrics port, sharding on or off, NetworkPolicies
 * listed or not), so `helm install` with no values deploys what `kubectl apply -k
 * config/default` does, minus the Namespace (`--create-namespace`) and the RBAC helper roles.
 * @module
 */
import { stringify } from 'yaml';
import { flagValue, type ManagerDeployment, type ManifestObject, managerContainer } from './objects.js';

/** The flags the chart sets from values; the manager's other args pass through `manager.args`. */
export const valueFlags = ['--metrics-bind-address', '--sharding'] as const;

export interface ChartValues {
  manager: {
    image: { repository: string; tag: string; digest: string; pullPolicy: string };
    replicas: number;
    args: string[];
    env: unknown[];
    resources: Record<string, unknown>;
    podSecurityContext: Record<string, unknown>;
    securityContext: Record<string, unknown>;
    terminationGracePeriodSeconds: number;
    imagePullSecrets: unknown[];
    nodeSelector: Record<string, unknown>;
    tolerations: unknown[];
    affinity: Record<string, unknown>;
  };
  rbac: { enable: boolean; helpers: boolean };
  crd: { enable: boolean; keep: boolean };
  metrics: { enable: boolean; port: number };
  webhook?: { enable: boolean; caBundle: string };
  certManager?: { enable: boolean };
  networkPolicy: { enable: boolean };
  sharding: { enable: boolean; replicas: number };
}

/** `repo/name:tag` or `repo/name@sha256:…` split into repository, tag and digest. */
export function splitImage(image: string): { repository: string; tag: string; digest: string } {
  const [name = image, digest = ''] = image.split('@');
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) return { repository: name.slice(0, colon), tag: name.slice(colon + 1), digest };
  return { repository: name, tag: '', digest };
}

const isValueFlag = (arg: string) => valueFlags.some((f) => arg === f || arg.startsWith(`${f}=`));

export function chartValues(objects: readonly ManifestObject[], deployment: ManagerDeployment): ChartValues {
  const container = managerContainer(deployment);
  const podSpec = deployment.spec.template.spec;
  const args = container.args ?? [];
  const metricsAddress = flagValue(args, '--metrics-bind-address');
  const metricsPort = Number(metricsAddress?.split(':').pop() ?? 0);
  const sharded = args.includes('--sharding');
  const replicas = deployment.spec.replicas ?? 1;
  const has = (test: (o: ManifestObject) => boolean) => objects.some(test);
  const certManager = has((o) => o.apiVersion.startsWith('cert-manager.io/'));
  const webhooks =
    certManager ||
    has(
      (o) => /^(Validating|Mutating)WebhookConfiguration$/.test(o.kind) || o.metadata.name.endsWith('webhook-service'),
    );
  return {
    manager: {
      image: { ...splitImage(container.image), pullPolicy: container.imagePullPolicy ?? 'IfNotPresent' },
      replicas: sharded ? 1 : replicas,
      args: args.filter((a) => !isValueFlag(a)),
      env: [],
      resources: container.resources ?? {},
      podSecurityContext: podSpec.securityContext ?? {},
      securityContext: container.securityContext ?? {},
      terminationGracePeriodSeconds: podSpec.terminationGracePeriodSeconds ?? 30,
      imagePullSecrets: [],
      nodeSelector: {},
      tolerations: [],
      affinity: {},
    },
    rbac: { enable: true, helpers: false },
    crd: { enable: true, keep: true },
    metrics: { enable: metricsPort > 0, port: metricsPort > 0 ? metricsPort : 8443 },
    ...(webhooks ? { webhook: { enable: true, caBundle: '' } } : {}),
    ...(certManager ? { certManager: { enable: true } } : {}),
    networkPolicy: { enable: has((o) => o.kind === 'NetworkPolicy') },
    sharding: { enable: sharded, replicas: sharded ? replicas : 3 },
  };
}

const comments: Record<keyof ChartValues, string> = {
  manager: `The manager's Deployment. replicas above 1 stand by for leader election (sharding.enable
# splits the work instead). resources are the scaffold's, measured on the example operator
# (docs/deployment.md, "Memory"); args are the manager's flags beside those set below.`,
  rbac: `The manager's ClusterRole (operant rbac-gen), leader-election Role and their bindings.
# helpers: the <kind>-admin/editor/viewer ClusterRoles for the users of the APIs.`,
  crd: `The CustomResourceDefinitions; keep leaves them (and every custom object) in place on
# helm uninstall.`,
  metrics: `/metrics over HTTPS behind TokenReview + SubjectAccessReview: scrapers need a token bound
# to the metrics-reader ClusterRole.`,
  webhook: `The webhook configurations and their Service. Without cert-manager, create the serving
# certificate's Secret yourself and give its CA here (base64).`,
  certManager: `A cert-manager Issuer and Certificate for the webhook server, injected into the webhook
# configurations (cert-manager must be installed).`,
  networkPolicy: `NetworkPolicies: only Pods in namespaces labelled metrics: enabled (webhook: enabled)
# reach the metrics (webhook) port; all other ingress to the manager is denied.`,
  sharding: `replicas managers split the objects of the sharded controllers (docs/sharding.md); the
# leader-election Role gains the members' Leases.`,
};

/** values.yaml: one commented section per top-level key. */
export function renderValues(values: ChartValues, source: string): string {
  const header = `# Generated by operant helm from ${source}; defaults deploy what config/default does.
# Override with --set or -f at install time rather than editing this file.
`;
  const sections = Object.entries(values).map(
    ([key, value]) => `\n# ${comments[key as keyof ChartValues]}\n${stringify({ [key]: value }, { lineWidth: 0 })}`,
  );
  return header + sections.join('');
}
