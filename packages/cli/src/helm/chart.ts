/**
 * The Helm chart of a project, from its kustomize output (kubebuilder's helm/v2-alpha
 * plugin): `Chart.yaml`, `values.yaml` and one template per object under
 * `templates/<area>/`, each behind the value that turns its area on. NetworkPolicies the
 * output lacks (config/network-policy not listed) come from the same rule as the scaffold's
 * (`networkPolicyFor`), off by default. Pure: objects in, files out.
 * @module
 */
import { metricsTraffic, networkPolicyFor, webhookTraffic } from '../init/templates/kustomize-network-policy.js';
import { findManager, type ManagerDeployment, type ManifestObject, managerContainer, namePrefix } from './objects.js';
import { type Placement, placement, renderTemplate } from './templates.js';
import { chartValues, renderValues } from './values.js';

export interface ChartOptions {
  /** The chart's name: the project's. */
  name: string;
  /** The chart's version and appVersion: the project's package.json version. */
  version: string;
  /** Where the objects came from (named in values.yaml and in errors). */
  source: string;
}

/** One file of the chart, its path relative to the chart's folder. */
export interface ChartFile {
  path: string;
  content: string;
}

/** The NetworkPolicies the chart adds when the kustomize output has none: metrics, and webhook with webhooks. */
function defaultNetworkPolicies(manager: ManagerDeployment, webhooks: boolean): [ManifestObject, Placement][] {
  const webhookPort = managerContainer(manager).ports as { containerPort: number; name?: string }[] | undefined;
  const target = (traffic: string) => ({
    name: `${namePrefix(manager)}allow-${traffic}-traffic`,
    namespace: manager.metadata.namespace ?? 'default',
    podLabels: manager.spec.selector.matchLabels,
    labels: manager.metadata.labels,
  });
  const policies: [ManifestObject, Placement][] = [
    [
      networkPolicyFor(metricsTraffic, target('metrics')),
      { area: 'network-policy', condition: 'and .Values.networkPolicy.enable .Values.metrics.enable' },
    ],
  ];
  if (webhooks) {
    const port = webhookPort?.find((p) => p.name === 'webhook-server')?.containerPort ?? webhookTraffic.port;
    policies.push([
      networkPolicyFor({ ...webhookTraffic, port }, target('webhook')),
      { area: 'network-policy', condition: 'and .Values.networkPolicy.enable .Values.webhook.enable' },
    ]);
  }
  return policies;
}

function chartYaml(options: ChartOptions): string {
  return `apiVersion: v2
name: ${options.name}
description: ${JSON.stringify(`${options.name}: a Kubernetes operator built with Operant`)}
type: application
version: ${options.version}
appVersion: ${JSON.stringify(options.version)}
`;
}

const fileName = (object: ManifestObject, prefix: string) =>
  object.kind === 'CustomResourceDefinition' || !object.metadata.name.startsWith(prefix)
    ? object.metadata.name
    : object.metadata.name.slice(prefix.length);

export function buildChart(objects: readonly ManifestObject[], options: ChartOptions): ChartFile[] {
  const manager = findManager(objects, options.source);
  const namespace = manager.metadata.namespace ?? 'default';
  const prefix = namePrefix(manager);
  const values = chartValues(objects, manager);
  const placed = objects.flatMap((o): [ManifestObject, Placement][] => {
    const where = placement(o, manager);
    return where === undefined ? [] : [[o, where]];
  });
  if (!objects.some((o) => o.kind === 'NetworkPolicy'))
    placed.push(...defaultNetworkPolicies(manager, values.webhook !== undefined));
  const taken = new Set<string>();
  const templates = placed.map(([object, where]) => {
    let path = `templates/${where.area}/${fileName(object, prefix)}.yaml`;
    if (taken.has(path)) path = path.replace(/\.yaml$/, `-${object.kind.toLowerCase()}.yaml`);
    taken.add(path);
    return { path, content: renderTemplate(object, where, manager, namespace) };
  });
  return [
    { path: 'Chart.yaml', content: chartYaml(options) },
    { path: 'values.yaml', content: renderValues(values, options.source) },
    ...templates.sort((a, b) => a.path.localeCompare(b.path)),
  ];
}
