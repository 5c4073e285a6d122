/**
 * The one workload every peer implements: the Widget CRD (spec `replicas`, `data`; status
 * `observedGeneration`, `ready`), and per Widget whose status is behind its generation one
 * server-side apply of the ConfigMap `<name>-cm` (owned by the Widget) and one merge patch
 * of the status subresource: w = 2 writes per reconcile.
 * @module
 */
export const GROUP = 'bench.operant.dev';
export const VERSION = 'v1';
export const WIDGETS = `/apis/${GROUP}/${VERSION}/widgets`;

export const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `widgets.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: { replicas: { type: 'integer' }, data: { type: 'string' } } },
              status: {
                type: 'object',
                properties: { observedGeneration: { type: 'integer' }, ready: { type: 'boolean' } },
              },
            },
          },
        },
      },
    ],
  },
};

/** True when the Widget's status shows its current generation. */
export const converged = (w) => w.status?.ready === true && w.status?.observedGeneration === w.metadata.generation;

/** The child ConfigMap the reconcile applies. */
export const childConfigMap = (w) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    namespace: w.metadata.namespace,
    name: `${w.metadata.name}-cm`,
    ownerReferences: [
      {
        apiVersion: `${GROUP}/${VERSION}`,
        kind: 'Widget',
        name: w.metadata.name,
        uid: w.metadata.uid,
        controller: true,
      },
    ],
  },
  data: { data: w.spec?.data ?? '', replicas: String(w.spec?.replicas ?? 0) },
});

/** The status merge patch. */
export const statusPatch = (w) => ({ status: { observedGeneration: w.metadata.generation, ready: true } });

export const applyPath = (w) =>
  `/api/v1/namespaces/${w.metadata.namespace}/configmaps/${w.metadata.name}-cm?fieldManager=bench&force=true`;
export const statusPath = (w) =>
  `${WIDGETS.replace('/widgets', '')}/namespaces/${w.metadata.namespace}/widgets/${w.metadata.name}/status`;
