// buildChart on kustomize output written out by hand: what goes where, the values'
// defaults (taken from the Deployment), and the templates' value-driven parts. The helm
// binary renders and lints the same charts in examples/redis-operator/test/helm.int.spec.ts.
import { describe, expect, it } from '@jest/globals';
import { CliError } from '../errors.js';
import { buildChart } from './chart.js';
import type { ManifestObject } from './objects.js';
import { parseManifests } from './objects.js';
import { splitImage } from './values.js';

const ns = 'demo-system';
const labels = { 'app.kubernetes.io/name': 'demo', 'app.kubernetes.io/managed-by': 'kustomize' };
const shardRule = {
  apiGroups: ['coordination.k8s.io'],
  resources: ['leases'],
  verbs: ['get', 'list', 'watch', 'update', 'delete'],
};

function deployment(args: string[], replicas = 1): ManifestObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'demo-controller-manager',
      namespace: ns,
      labels: { ...labels, 'control-plane': 'controller-manager' },
    },
    spec: {
      replicas,
      selector: { matchLabels: { 'control-plane': 'controller-manager', 'app.kubernetes.io/name': 'demo' } },
      template: {
        spec: {
          securityContext: { runAsNonRoot: true },
          serviceAccountName: 'demo-controller-manager',
          containers: [
            {
              name: 'manager',
              image: 'registry.example.com/demo:v1.2.3',
              args,
              resources: { limits: { memory: '192Mi' } },
              securityContext: { readOnlyRootFilesystem: true },
            },
          ],
        },
      },
    },
  };
}

const role = (name: string, kind = 'ClusterRole', rules: unknown[] = []): ManifestObject => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name, ...(kind === 'Role' ? { namespace: ns } : {}) },
  rules,
});

const project = (args = ['--metrics-bind-address=:8443', '--leader-elect'], extra: ManifestObject[] = []) => [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
  {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.demo.example.com' },
    spec: {},
  },
  { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'demo-controller-manager', namespace: ns } },
  role('demo-manager-role'),
  role('demo-leader-election-role', 'Role'),
  role('demo-metrics-reader'),
  role('demo-widget-editor-role'),
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'demo-manager-rolebinding' },
    subjects: [{ kind: 'ServiceAccount', name: 'demo-controller-manager', namespace: ns }],
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'demo-controller-manager-metrics-service', namespace: ns },
    spec: { ports: [{ name: 'https', port: 8443, targetPort: 8443 }] },
  },
  deployment(args),
  ...extra,
];

const chart = (objects: ManifestObject[]) =>
  Object.fromEntries(
    buildChart(objects, { name: 'demo', version: '0.1.0', source: 'dist/install.yaml' }).map((f) => [
      f.path,
      f.content,
    ]),
  );

describe('buildChart', () => {
  it('writes one template per object under its area, without the Namespace, and the NetworkPolicy the output lacks', () => {
    expect(Object.keys(chart(project()))).toEqual([
      'Chart.yaml',
      'values.yaml',
      'templates/crd/widgets.demo.example.com.yaml',
      'templates/manager/controller-manager.yaml',
      'templates/metrics/controller-manager-metrics-service.yaml',
      'templates/metrics/metrics-reader.yaml',
      'templates/network-policy/allow-metrics-traffic.yaml',
      'templates/rbac/controller-manager.yaml',
      'templates/rbac/leader-election-role.yaml',
      'templates/rbac/manager-role.yaml',
      'templates/rbac/manager-rolebinding.yaml',
      'templates/rbac/widget-editor-role.yaml',
    ]);
  });

  it('takes the defaults from the Deployment: image, args but the flags values set, resources, security contexts', () => {
    const values = chart(project())['values.yaml'];
    expect(values).toContain(
      'manager:\n  image:\n    repository: registry.example.com/demo\n    tag: v1.2.3\n    digest: ""\n    pullPolicy: IfNotPresent\n  replicas: 1\n  args:\n    - --leader-elect\n',
    );
    expect(values).toContain('  resources:\n    limits:\n      memory: 192Mi\n');
    expect(values).toContain('  podSecurityContext:\n    runAsNonRoot: true\n');
    expect(values).toContain('metrics:\n  enable: true\n  port: 8443\n');
    expect(values).toContain('rbac:\n  enable: true\n  helpers: false\n');
    expect(values).toContain('networkPolicy:\n  enable: false\n');
    expect(values).toContain('sharding:\n  enable: false\n  replicas: 3\n');
    expect(values).not.toMatch(/^webhook:/m);
  });

  it('turns metrics off by default when the output has no --metrics-bind-address', () => {
    expect(chart(project(['--leader-elect']))['values.yaml']).toContain('metrics:\n  enable: false\n  port: 8443\n');
  });

  it("puts every object in the release's namespace and gates each area by its value", () => {
    const files = chart(project());
    const binding = files['templates/rbac/manager-rolebinding.yaml'] as string;
    expect(binding).toMatch(/^\{\{- if \.Values\.rbac\.enable \}\}\n/);
    expect(binding).toContain('    namespace: {{ .Release.Namespace }}\n');
    expect(binding).not.toContain(ns);
    expect(files['templates/rbac/widget-editor-role.yaml']).toMatch(
      /^\{\{- if and \.Values\.rbac\.enable \.Values\.rbac\.helpers \}\}/,
    );
    expect(files['templates/metrics/metrics-reader.yaml']).toMatch(
      /^\{\{- if and \.Values\.rbac\.enable \.Values\.metrics\.enable \}\}/,
    );
    expect(files['templates/rbac/controller-manager.yaml']).toMatch(/^apiVersion: v1\n/); // the ServiceAccount, always
    expect(files['templates/crd/widgets.demo.example.com.yaml']).toContain(
      '  annotations:\n    {{- if .Values.crd.keep }}\n    helm.sh/resource-policy: keep\n    {{- end }}\n',
    );
    expect(files['templates/metrics/controller-manager-metrics-service.yaml']).toContain(
      'port: {{ .Values.metrics.port }}\n      targetPort: {{ .Values.metrics.port }}\n',
    );
    expect(files['templates/network-policy/allow-metrics-traffic.yaml']).toMatch(
      /^\{\{- if and \.Values\.networkPolicy\.enable \.Values\.metrics\.enable \}\}[\s\S]*metrics: enabled[\s\S]*port: \{\{ \.Values\.metrics\.port \}\}/,
    );
  });

  it('templates the Deployment from manager.*, metrics and sharding', () => {
    const manager = chart(project())['templates/manager/controller-manager.yaml'] as string;
    expect(manager).toContain(
      '  replicas: {{ if .Values.sharding.enable }}{{ .Values.sharding.replicas }}{{ else }}{{ .Values.manager.replicas }}{{ end }}\n',
    );
    expect(manager).toContain('            - --metrics-bind-address=:{{ .Values.metrics.port }}\n');
    expect(manager).toContain('            {{- range .Values.manager.args }}\n            - {{ . | quote }}\n');
    expect(manager).toContain('          resources:\n          {{- toYaml .Values.manager.resources | nindent 12 }}\n');
    expect(manager).toContain(
      '      securityContext:\n      {{- toYaml .Values.manager.podSecurityContext | nindent 8 }}\n',
    );
    expect(manager).toContain('    app.kubernetes.io/managed-by: {{ .Release.Service }}\n');
    expect(manager).not.toContain('registry.example.com');
  });

  it("adds sharding's Lease rule to the leader-election Role once, and takes sharding's defaults from a sharded output", () => {
    const sharded = project(['--leader-elect', '--sharding']).map((o) =>
      o.kind === 'Deployment'
        ? deployment(['--leader-elect', '--sharding'], 3)
        : o.kind === 'Role'
          ? role(o.metadata.name, 'Role', [shardRule])
          : o,
    );
    const files = chart(sharded);
    expect(files['values.yaml']).toContain('sharding:\n  enable: true\n  replicas: 3\n');
    expect(files['values.yaml']).toContain('  replicas: 1\n');
    const leaderElection = files['templates/rbac/leader-election-role.yaml'] as string;
    expect(leaderElection.match(/- update\n/g)).toHaveLength(1);
    expect(leaderElection).toContain(
      '  {{- if .Values.sharding.enable }}\n  - apiGroups:\n      - coordination.k8s.io\n',
    );
  });

  it('keeps webhooks and cert-manager behind their values, with webhook.caBundle without cert-manager', () => {
    const inject = { 'cert-manager.io/inject-ca-from': `${ns}/demo-serving-cert` };
    const files = chart(
      project(undefined, [
        {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingWebhookConfiguration',
          metadata: { name: 'demo-validating-webhook-configuration', annotations: inject },
          webhooks: [
            { name: 'vwidget.example.com', clientConfig: { service: { name: 'demo-webhook-service', namespace: ns } } },
          ],
        },
        { apiVersion: 'v1', kind: 'Service', metadata: { name: 'demo-webhook-service', namespace: ns }, spec: {} },
        {
          apiVersion: 'cert-manager.io/v1',
          kind: 'Certificate',
          metadata: { name: 'demo-serving-cert', namespace: ns },
        },
      ]),
    );
    expect(files['values.yaml']).toContain('webhook:\n  enable: true\n  caBundle: ""\n');
    expect(files['values.yaml']).toContain('certManager:\n  enable: true\n');
    expect(files['templates/cert-manager/serving-cert.yaml']).toMatch(
      /^\{\{- if and \.Values\.webhook\.enable \.Values\.certManager\.enable \}\}/,
    );
    expect(files['templates/webhook/webhook-service.yaml']).toMatch(/^\{\{- if \.Values\.webhook\.enable \}\}/);
    const configuration = files['templates/webhook/validating-webhook-configuration.yaml'] as string;
    expect(configuration).toContain(
      '    {{- if .Values.certManager.enable }}\n    cert-manager.io/inject-ca-from: {{ .Release.Namespace }}/demo-serving-cert\n    {{- end }}\n',
    );
    expect(configuration).toContain(
      '      {{- if not .Values.certManager.enable }}\n      caBundle: {{ .Values.webhook.caBundle | quote }}\n      {{- end }}\n',
    );
    expect(files['templates/network-policy/allow-webhook-traffic.yaml']).toContain('webhook: enabled');
  });

  it('fails without a manager Deployment', () => {
    const error = (() => {
      try {
        chart(project().filter((o) => o.kind !== 'Deployment'));
      } catch (e) {
        return e;
      }
    })();
    expect(CliError.is(error, 'load')).toBe(true);
    expect((error as Error).message).toBe(
      'unable to find the manager Deployment in dist/install.yaml (labelled control-plane: controller-manager)',
    );
  });
});

describe('parseManifests', () => {
  it('reads a YAML stream, skipping empty documents, and refuses what is not an object', () => {
    expect(parseManifests('---\nkind: A\nmetadata: {name: a}\n---\n', 'x.yaml')).toEqual([
      { kind: 'A', metadata: { name: 'a' } },
    ]);
    expect(() => parseManifests('kind: A\n', 'x.yaml')).toThrow(
      'unable to read x.yaml (document 1): not a Kubernetes object',
    );
  });
});

describe('splitImage', () => {
  it('splits repository, tag and digest', () => {
    expect(splitImage('controller:latest')).toEqual({ repository: 'controller', tag: 'latest', digest: '' });
    expect(splitImage('localhost:5000/op')).toEqual({ repository: 'localhost:5000/op', tag: '', digest: '' });
    expect(splitImage('r.io/op:v1@sha256:abc')).toEqual({ repository: 'r.io/op', tag: 'v1', digest: 'sha256:abc' });
  });
});
