/**
 * Pruning to FieldsV1 and the server-side-apply matcher, on objects as a real API server
 * (kube-apiserver 1.3x under envtest) answered them: a Deployment applied by
 * `widget-controller`, then edited by `kubectl-edit` with a plain update (it took
 * `spec.replicas` and added an annotation) while kube-controller-manager wrote its status;
 * and a Service whose `selector` is an atomic map.
 */
import { describe, expect, it } from '@jest/globals';
import type { V1Deployment } from '@kubernetes/client-node';
import type { KubernetesObject } from '../api/object.js';
import { appliedFields, pruneToFields } from './managed-fields.js';
import { appliedMatches } from './ssa-matcher.js';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    namespace: 'dump-a327d6',
    uid: '8071129a-5334-4b63-9dca-b0d59de65a42',
    resourceVersion: '235',
    generation: 2,
    creationTimestamp: '2026-12-05T09:40:49Z',
    labels: {
      app: 'web',
      'operant.dev/dependent': 'deployment',
    },
    annotations: {
      note: 'hi',
    },
    ownerReferences: [
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: 'owner',
        uid: '17c65933-e8e0-461f-a1c5-5bbb50a9e810',
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
    managedFields: [
      {
        manager: 'widget-controller',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        time: '2026-12-05T09:40:49Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': {
            'f:labels': {
              'f:app': {},
              'f:operant.dev/dependent': {},
            },
            'f:ownerReferences': {
              'k:{"uid":"17c65933-e8e0-461f-a1c5-5bbb50a9e810"}': {},
            },
          },
          'f:spec': {
            'f:selector': {},
            'f:template': {
              'f:metadata': {
                'f:labels': {
                  'f:app': {},
                },
              },
              'f:spec': {
                'f:containers': {
                  'k:{"name":"web"}': {
                    '.': {},
                    'f:args': {},
                    'f:env': {
                      'k:{"name":"A"}': {
                        '.': {},
                        'f:name': {},
                        'f:value': {},
                      },
                    },
                    'f:image': {},
                    'f:name': {},
                    'f:ports': {
                      'k:{"containerPort":80,"protocol":"TCP"}': {
                        '.': {},
                        'f:containerPort': {},
                        'f:protocol': {},
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      {
        manager: 'kube-controller-manager',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: '2026-12-05T09:40:49Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': {
            'f:annotations': {},
          },
          'f:status': {
            'f:conditions': {
              '.': {},
              'k:{"type":"Available"}': {
                '.': {},
                'f:lastTransitionTime': {},
                'f:lastUpdateTime': {},
                'f:message': {},
                'f:reason': {},
                'f:status': {},
                'f:type': {},
              },
              'k:{"type":"Progressing"}': {
                '.': {},
                'f:lastTransitionTime': {},
                'f:lastUpdateTime': {},
                'f:message': {},
                'f:reason': {},
                'f:status': {},
                'f:type': {},
              },
            },
            'f:observedGeneration': {},
            'f:replicas': {},
            'f:terminatingReplicas': {},
            'f:unavailableReplicas': {},
            'f:updatedReplicas': {},
          },
        },
        subresource: 'status',
      },
      {
        manager: 'kubectl-edit',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: '2026-12-05T09:40:49Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': {
            'f:annotations': {
              'f:note': {},
            },
          },
          'f:spec': {
            'f:replicas': {},
          },
        },
      },
    ],
  },
  spec: {
    replicas: 3,
    selector: {
      matchLabels: {
        app: 'web',
      },
    },
    template: {
      metadata: {
        labels: {
          app: 'web',
        },
      },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.27',
            args: ['--x', '--y'],
            ports: [
              {
                containerPort: 80,
                protocol: 'TCP',
              },
            ],
            env: [
              {
                name: 'A',
                value: '1',
              },
            ],
            resources: {},
            terminationMessagePath: '/dev/termination-log',
            terminationMessagePolicy: 'File',
            imagePullPolicy: 'IfNotPresent',
          },
        ],
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        dnsPolicy: 'ClusterFirst',
        securityContext: {},
        schedulerName: 'default-scheduler',
      },
    },
    strategy: {
      type: 'RollingUpdate',
      rollingUpdate: {
        maxUnavailable: '25%',
        maxSurge: '25%',
      },
    },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  },
  status: {
    replicas: 2,
  },
} as KubernetesObject;

const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'svc',
    namespace: 'dump-a327d6',
    uid: '2a18c430-e6e2-4b7e-9c3b-d466f6667f8c',
    resourceVersion: '248',
    creationTimestamp: '2026-12-05T09:40:49Z',
    managedFields: [
      {
        manager: 'widget-controller',
        operation: 'Apply',
        apiVersion: 'v1',
        time: '2026-12-05T09:40:49Z',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:spec': {
            'f:ports': {
              'k:{"port":80,"protocol":"TCP"}': {
                '.': {},
                'f:port': {},
                'f:protocol': {},
                'f:targetPort': {},
              },
            },
            'f:selector': {},
          },
        },
      },
    ],
  },
  spec: {
    ports: [
      {
        protocol: 'TCP',
        port: 80,
        targetPort: 8080,
      },
    ],
    selector: {
      app: 'web',
    },
    clusterIP: '10.0.0.169',
    clusterIPs: ['10.0.0.169'],
    type: 'ClusterIP',
    sessionAffinity: 'None',
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    internalTrafficPolicy: 'Cluster',
  },
} as KubernetesObject;

/** What widget-controller applied to the Deployment (its owner reference is the live one). */
const desiredDeployment = (): V1Deployment & { spec: NonNullable<V1Deployment['spec']> } => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    namespace: 'dump-a327d6',
    labels: { app: 'web', 'operant.dev/dependent': 'deployment' },
    ownerReferences: deployment.metadata?.ownerReferences,
  },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.27',
            ports: [{ containerPort: 80, protocol: 'TCP' }],
            env: [{ name: 'A', value: '1' }],
            args: ['--x', '--y'],
          },
        ],
      },
    },
  },
});

describe('appliedFields', () => {
  it("should find the manager's Apply entry of the object, not another manager's nor a subresource's", () => {
    expect(Object.keys(appliedFields(deployment, 'widget-controller') ?? {})).toEqual(['f:metadata', 'f:spec']);
    expect(appliedFields(deployment, 'kubectl-edit')).toBeUndefined(); // an Update entry
    expect(appliedFields(deployment, 'kube-controller-manager')).toBeUndefined(); // status, and Update
    expect(appliedFields({ metadata: { name: 'x' } }, 'widget-controller')).toBeUndefined();
  });
});

describe('pruneToFields', () => {
  it("should keep only the manager's fields: associative lists by key, atomic values whole, defaults dropped", () => {
    const fields = appliedFields(deployment, 'widget-controller');
    const pruned = pruneToFields(deployment, fields ?? {}) as KubernetesObject;
    // what was applied, without the identity; replicas went to kubectl-edit, and strategy,
    // revisionHistoryLimit, imagePullPolicy … are defaults nobody applied
    const { metadata, spec } = desiredDeployment();
    const { name: _, namespace: __, ...applied } = metadata ?? {};
    expect(pruned).toEqual({ metadata: applied, spec });
    expect(Object.keys((pruned as { spec?: object }).spec ?? {})).toEqual(['selector', 'template']);
    expect(pruned.metadata?.annotations).toBeUndefined();
  });

  it('should keep an atomic map whole and select list elements by their key fields', () => {
    const pruned = pruneToFields(service, appliedFields(service, 'widget-controller') ?? {});
    expect(pruned).toEqual({
      spec: { selector: { app: 'web' }, ports: [{ protocol: 'TCP', port: 80, targetPort: 8080 }] },
    });
  });

  it('should select set elements by value and list elements by index, and skip elements no key names', () => {
    const fields = { 'f:finalizers': { 'v:"a"': {} }, 'f:items': { 'i:1': { 'f:x': {} } } };
    const pruned = pruneToFields(
      {
        finalizers: ['a', 'b'],
        items: [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
      },
      fields,
    );
    expect(pruned).toEqual({ finalizers: ['a'], items: [{ x: 2 }] });
  });
});

describe('appliedMatches', () => {
  it('should match what was applied, though other managers and defaults added fields', () => {
    expect(appliedMatches(deployment, desiredDeployment(), 'widget-controller')).toBe(true);
  });

  it('should differ when the desired configuration names a field the manager lost to a plain update', () => {
    const desired = desiredDeployment();
    desired.spec.replicas = 2; // kubectl-edit took replicas
    expect(appliedMatches(deployment, desired, 'widget-controller')).toBe(false);
  });

  it('should differ when a field the manager owns changed, or is no longer desired', () => {
    const changed = desiredDeployment();
    changed.spec.template.spec!.containers[0]!.image = 'nginx:1.28';
    expect(appliedMatches(deployment, changed, 'widget-controller')).toBe(false);
    const fewer = desiredDeployment();
    fewer.spec.template.spec!.containers[0]!.env = undefined; // still owned: the next apply removes it
    expect(appliedMatches(deployment, fewer, 'widget-controller')).toBe(false);
    const unlabelled = desiredDeployment();
    unlabelled.metadata!.labels = { app: 'web' };
    expect(appliedMatches(deployment, unlabelled, 'widget-controller')).toBe(false);
  });

  it('should not match without an entry of the manager, and use the entry given in its place', () => {
    expect(appliedMatches(deployment, desiredDeployment(), 'someone-else')).toBe(false);
    const fields = appliedFields(deployment, 'widget-controller');
    const stripped = { ...deployment, metadata: { ...deployment.metadata, managedFields: undefined } };
    expect(appliedMatches(stripped, desiredDeployment(), 'widget-controller')).toBe(false);
    expect(appliedMatches(stripped, desiredDeployment(), 'widget-controller', fields)).toBe(true);
  });

  it('should leave out a stamped label the desired configuration does not name, and compare it when it does', () => {
    const desired = desiredDeployment();
    delete desired.metadata?.labels?.['operant.dev/dependent'];
    expect(appliedMatches(deployment, desired, 'widget-controller')).toBe(false);
    expect(appliedMatches(deployment, desired, 'widget-controller', undefined, ['operant.dev/dependent'])).toBe(true);
    const other = desiredDeployment();
    other.metadata!.labels!['operant.dev/dependent'] = 'another';
    expect(appliedMatches(deployment, other, 'widget-controller', undefined, ['operant.dev/dependent'])).toBe(false);
  });

  it('should compare the quantities of limits and requests by amount, and other strings as written', () => {
    const fields = {
      'f:spec': { 'f:resources': { 'f:limits': { 'f:cpu': {}, 'f:memory': {} } } },
      'f:data': { 'f:n': {} },
    };
    const live = {
      metadata: { managedFields: [{ manager: 'm', operation: 'Apply', fieldsV1: fields }] },
      spec: { resources: { limits: { cpu: '500m', memory: '1Gi' } } },
      data: { n: '1' },
    } as KubernetesObject;
    const desired = (cpu: string, n: string) =>
      ({ spec: { resources: { limits: { cpu, memory: '1024Mi' } } }, data: { n } }) as KubernetesObject;
    expect(appliedMatches(live, desired('0.5', '1'), 'm')).toBe(true);
    expect(appliedMatches(live, desired('0.6', '1'), 'm')).toBe(false);
    expect(appliedMatches(live, desired('0.5', '1000m'), 'm')).toBe(false); // a ConfigMap's data is no quantity
    const at = {
      ...live,
      spec: { ...(live as { spec: object }).spec, at: '2026-12-05T09:40:49Z' },
    } as KubernetesObject;
    const dated = {
      ...desired('0.5', '1'),
      spec: { resources: { limits: { cpu: '0.5', memory: '1Gi' } }, at: new Date('2026-12-05T09:40:49.250Z') },
    };
    const atFields = { ...fields, 'f:spec': { ...fields['f:spec'], 'f:at': {} } };
    // a Date is written as metav1.Time is stored: whole seconds
    expect(appliedMatches(at, dated as KubernetesObject, 'm', atFields)).toBe(true);
  });

  it('should treat empty maps and lists, null and undefined as absent, and ignore status and identity', () => {
    const desired = { ...desiredDeployment(), status: { replicas: 9 } };
    desired.metadata!.annotations = {};
    desired.spec.template.spec!.volumes = [];
    Object.assign(desired.spec, { paused: null });
    expect(appliedMatches(deployment, desired, 'widget-controller')).toBe(true);
  });
});
