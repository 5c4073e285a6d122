/**
 * One object of the kustomize output → one chart template: where it goes
 * (`templates/<area>/<name>.yaml`), the value that turns it on, and its value-driven fields:
 * the namespace becomes the release's, labels gain Helm's, CRDs may be kept on uninstall,
 * cert-manager's CA injection gives way to `webhook.caBundle` without cert-manager, the
 * metrics Service follows `metrics.port`, the leader-election Role gains sharding's Lease rule.
 * @module
 */
import { parse, stringify } from 'yaml';
import { CliError } from '../errors.js';
import { kustomizeSharding } from '../init/templates/kustomize-sharding.js';
import { managerTemplate } from './manager-template.js';
import type { ManagerDeployment, ManifestObject } from './objects.js';
import { TemplateText } from './placeholders.js';

/** Where a template goes and the condition (a Go template pipeline) that renders it, if any. */
export interface Placement {
  area: string;
  condition?: string;
}

const injectCa = 'cert-manager.io/inject-ca-from';

/** The Lease rule config/sharding adds to the leader-election Role (its JSON patch's value). */
export function shardingLeaseRule(): Record<string, unknown> {
  const patch = kustomizeSharding.find((f) => f.path.endsWith('leader_election_role_sharding_patch.yaml'));
  const [operation] = parse(patch?.content ?? '[]') as { value: Record<string, unknown> }[];
  if (operation === undefined) throw new CliError('config', 'unable to read the Lease rule of config/sharding');
  return operation.value;
}

export function placement(object: ManifestObject, manager: ManagerDeployment): Placement | undefined {
  const { kind, apiVersion, metadata } = object;
  const name = metadata.name;
  if (kind === 'Namespace') return undefined;
  if (object === manager) return { area: 'manager' };
  if (kind === 'CustomResourceDefinition') return { area: 'crd', condition: '.Values.crd.enable' };
  if (kind === 'ServiceAccount') return { area: 'rbac' };
  if (/^(Cluster)?Role(Binding)?$/.test(kind)) {
    if (/metrics-(auth-role|auth-rolebinding|reader)$/.test(name)) {
      return { area: 'metrics', condition: 'and .Values.rbac.enable .Values.metrics.enable' };
    }
    if (/-(admin|editor|viewer)-role$/.test(name)) {
      return { area: 'rbac', condition: 'and .Values.rbac.enable .Values.rbac.helpers' };
    }
    return { area: 'rbac', condition: '.Values.rbac.enable' };
  }
  if (kind === 'Service' && name.endsWith('metrics-service'))
    return { area: 'metrics', condition: '.Values.metrics.enable' };
  if (
    /^(Validating|Mutating)WebhookConfiguration$/.test(kind) ||
    (kind === 'Service' && name.endsWith('webhook-service'))
  ) {
    return { area: 'webhook', condition: '.Values.webhook.enable' };
  }
  if (apiVersion.startsWith('cert-manager.io/')) {
    return { area: 'cert-manager', condition: 'and .Values.webhook.enable .Values.certManager.enable' };
  }
  if (kind === 'NetworkPolicy') return { area: 'network-policy', condition: '.Values.networkPolicy.enable' };
  return { area: 'other' };
}

/** Every string equal to or containing `namespace` (as a whole name) becomes `{{ .Release.Namespace }}`. */
function releaseNamespace<T>(value: T, namespace: string, token: string): T {
  const whole = new RegExp(`(?<![a-z0-9-])${namespace.replace(/[.-]/g, '\\$&')}(?![a-z0-9-])`, 'g');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(whole, token);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

function withHelmLabels(object: ManifestObject, text: TemplateText): ManifestObject {
  const labels = { ...object.metadata.labels };
  if ('app.kubernetes.io/managed-by' in labels)
    labels['app.kubernetes.io/managed-by'] = text.inline('{{ .Release.Service }}');
  labels['app.kubernetes.io/instance'] = text.inline('{{ .Release.Name }}');
  labels['helm.sh/chart'] = text.inline('{{ .Chart.Name }}-{{ .Chart.Version | replace "+" "_" }}');
  return { ...object, metadata: { ...object.metadata, labels } };
}

/** Annotations with cert-manager's CA injection only when `certManager.enable`, CRDs kept when `crd.keep`. */
function annotations(object: ManifestObject, text: TemplateText): ManifestObject {
  const { [injectCa]: inject, ...rest } = object.metadata.annotations ?? {};
  const added: Record<string, string> = {};
  if (inject !== undefined) {
    added[text.lines(() => ['{{- if .Values.certManager.enable }}', `${injectCa}: ${inject}`, '{{- end }}'])] = '';
  }
  if (object.kind === 'CustomResourceDefinition') {
    added[text.lines(() => ['{{- if .Values.crd.keep }}', 'helm.sh/resource-policy: keep', '{{- end }}'])] = '';
  }
  if (Object.keys(added).length === 0) return object;
  return { ...object, metadata: { ...object.metadata, annotations: { ...rest, ...added } } };
}

type ClientConfig = Record<string, unknown>;

/** Without cert-manager, a webhook's clientConfig takes `webhook.caBundle`. */
function caBundle(object: ManifestObject, text: TemplateText): ManifestObject {
  if (object.metadata.annotations?.[injectCa] === undefined) return object;
  const withCa = (config: ClientConfig): ClientConfig => ({
    ...config,
    [text.lines(() => [
      '{{- if not .Values.certManager.enable }}',
      'caBundle: {{ .Values.webhook.caBundle | quote }}',
      '{{- end }}',
    ])]: '',
  });
  const webhooks = object.webhooks as { clientConfig: ClientConfig }[] | undefined;
  if (webhooks !== undefined)
    return { ...object, webhooks: webhooks.map((w) => ({ ...w, clientConfig: withCa(w.clientConfig) })) };
  const spec = object.spec as { conversion?: { webhook?: { clientConfig?: ClientConfig } } } | undefined;
  const conversion = spec?.conversion?.webhook;
  if (conversion?.clientConfig === undefined) return object;
  return {
    ...object,
    spec: {
      ...spec,
      conversion: { ...spec?.conversion, webhook: { ...conversion, clientConfig: withCa(conversion.clientConfig) } },
    },
  };
}

function sharding(role: ManifestObject, text: TemplateText): ManifestObject {
  const rule = shardingLeaseRule();
  const rules = ((role.rules ?? []) as unknown[]).filter((r) => JSON.stringify(r) !== JSON.stringify(rule));
  const ruleLines = stringify([rule]).trimEnd().split('\n');
  const extra = text.lines(() => ['{{- if .Values.sharding.enable }}', ...ruleLines, '{{- end }}']);
  return { ...role, rules: [...rules, extra] };
}

function metricsPorts(service: ManifestObject, text: TemplateText): ManifestObject {
  const spec = service.spec as { ports: Record<string, unknown>[] };
  const port = text.inline('{{ .Values.metrics.port }}');
  return { ...service, spec: { ...spec, ports: spec.ports.map((p) => ({ ...p, port, targetPort: port })) } };
}

/** The metrics NetworkPolicy's port follows `metrics.port`. */
function policyPort(policy: ManifestObject, text: TemplateText): ManifestObject {
  const spec = policy.spec as { ingress: { ports?: Record<string, unknown>[] }[] };
  const port = text.inline('{{ .Values.metrics.port }}');
  const ingress = spec.ingress.map((rule) => ({ ...rule, ports: rule.ports?.map((p) => ({ ...p, port })) }));
  return { ...policy, spec: { ...spec, ingress } };
}

/** The template of one object: its YAML with tokens expanded, inside `{{- if condition }}` when it has one. */
export function renderTemplate(
  object: ManifestObject,
  where: Placement,
  manager: ManagerDeployment,
  namespace: string,
): string {
  const text = new TemplateText();
  let templated = withHelmLabels(releaseNamespace(object, namespace, text.inline('{{ .Release.Namespace }}')), text);
  templated = annotations(caBundle(templated, text), text);
  if (object === manager) templated = managerTemplate(templated as ManagerDeployment, text);
  if (object.kind === 'Role' && object.metadata.name.endsWith('leader-election-role'))
    templated = sharding(templated, text);
  if (object.kind === 'Service' && where.area === 'metrics') templated = metricsPorts(templated, text);
  if (object.kind === 'NetworkPolicy' && object.metadata.name.endsWith('allow-metrics-traffic')) {
    templated = policyPort(templated, text);
  }
  const yaml = text.render(templated);
  return where.condition === undefined ? yaml : `{{- if ${where.condition} }}\n${yaml}{{- end }}\n`;
}
