// Against the real kube-apiserver of jest's global setup: every generated CRD is accepted,
// and "one source of truth, two enforcers": for each invalid object the API server answers
// 422 naming a field, and validate() names the same field; valid objects pass both.
import { describe, expect, it } from '@jest/globals';
import {
  ApiException,
  ApiextensionsV1Api,
  CustomObjectsApi,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@operant/crd';
import { buildCrds, validate } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { Gadget } from './fixtures/gadget.js';
import { validWidgetSpec, Widget, WidgetV1beta1 } from './fixtures/widget.js';

/** installCrds sends wire-form JSON as it is (`x-kubernetes-*` keys included). */
const toModel = (crd: CustomResourceDefinition): V1CustomResourceDefinition =>
  crd as unknown as V1CustomResourceDefinition;

const valid = {
  apiVersion: 'demo.operant.dev/v1',
  kind: 'Widget',
  spec: validWidgetSpec,
};

type Spec = Record<string, unknown>;
const withSpec = (change: (spec: Spec) => void) => {
  const object = structuredClone(valid) as { spec: Spec };
  change(object.spec);
  return object;
};

/** [case, object, the field both enforcers must name] */
const invalid: [string, unknown, string][] = [
  [
    'below minimum',
    withSpec((s) => {
      s.replicas = 0;
    }),
    'spec.replicas',
  ],
  [
    'above maximum',
    withSpec((s) => {
      s.replicas = 11;
    }),
    'spec.replicas',
  ],
  [
    'pattern mismatch',
    withSpec((s) => {
      s.image = 'NGINX!';
    }),
    'spec.image',
  ],
  [
    'enum outside (string)',
    withSpec((s) => {
      s.tier = 'gold';
    }),
    'spec.tier',
  ],
  [
    'enum outside (numeric)',
    withSpec((s) => {
      s.priority = 3;
    }),
    'spec.priority',
  ],
  [
    'missing required',
    withSpec((s) => {
      delete s.image;
    }),
    'spec.image',
  ],
  [
    'wrong type',
    withSpec((s) => {
      s.tier = 5;
    }),
    'spec.tier',
  ],
  [
    'wrong type in an array item',
    withSpec((s) => {
      s.ports = [{ name: 'http', port: 'eighty' }];
    }),
    'spec.ports[0].port',
  ],
  [
    'nested pattern mismatch',
    withSpec((s) => {
      s.ports = [{ name: 'HTTP', port: 80 }];
    }),
    'spec.ports[0].name',
  ],
  [
    'too many items',
    withSpec((s) => {
      s.tags = ['a', 'b', 'c', 'd'];
    }),
    'spec.tags',
  ],
  [
    'CEL rule broken',
    withSpec((s) => {
      s.autoscaling = { minReplicas: 6, maxReplicas: 5 };
    }),
    'spec.autoscaling',
  ],
  ['missing spec', { apiVersion: 'demo.operant.dev/v1', kind: 'Widget' }, 'spec'],
];

const gadget = (spec: Record<string, unknown>) => ({ apiVersion: 'demo.operant.dev/v1', kind: 'Gadget', spec });
const endpoints = (port: number) => ({ a: { host: 'a.example', port } });

/** Gadget cases: [case, object, field]; `endpoints` is a Map in code, so validate() sees a Map. */
const invalidGadgets: [string, unknown, string][] = [
  ['exclusive minimum in a map value', gadget({ endpoints: endpoints(0) }), 'spec.endpoints.a.port'],
  ['type-level CEL rule broken', gadget({ enabled: true }), 'spec'],
  [
    'too many map entries',
    gadget({ endpoints: Object.fromEntries([...'abcde'].map((k) => [k, { host: 'h', port: 1 }])) }),
    'spec.endpoints',
  ],
];

async function serverCauses(
  objects: CustomObjectsApi,
  name: string,
  body: unknown,
  kind = 'widgets',
): Promise<{ code: number; fields: string[] }> {
  try {
    const target = {
      group: 'demo.operant.dev',
      version: 'v1',
      body: { ...(body as object), metadata: { name } },
      dryRun: 'All',
    };
    if (kind === 'widgets')
      await objects.createNamespacedCustomObject({ ...target, namespace: 'default', plural: kind });
    else await objects.createClusterCustomObject({ ...target, plural: kind });
    return { code: 201, fields: [] };
  } catch (err) {
    if (!(err instanceof ApiException)) throw err;
    const status = JSON.parse(err.body as string) as { details?: { causes?: { field?: string }[] } };
    return { code: err.code, fields: (status.details?.causes ?? []).map((c) => c.field ?? '') };
  }
}

describeWithControlPlane('generated CRDs on the real API server', () => {
  const kc = sharedKubeConfig();
  const objects = kc.makeApiClient(CustomObjectsApi);
  const { crds } = buildCrds([Widget, WidgetV1beta1, Gadget]);

  it('accepts every generated CRD and serves every version', async () => {
    const installed = await installCrds(kc, { objects: crds.map(toModel) });
    expect(installed.map((c) => c.metadata?.name)).toEqual(['gadgets.demo.operant.dev', 'widgets.demo.operant.dev']);
    const read = await kc
      .makeApiClient(ApiextensionsV1Api)
      .readCustomResourceDefinition({ name: 'widgets.demo.operant.dev' });
    expect(read.spec.versions.map((v) => [v.name, v.served, v.storage])).toEqual([
      ['v1', true, true],
      ['v1beta1', true, false],
    ]);
    // the Kubernetes extensions reached the server
    const spec = read.spec.versions[0]!.schema?.openAPIV3Schema?.properties?.spec;
    expect(spec?.properties?.ports?.x_kubernetes_list_type).toBe('map');
    expect(spec?.properties?.autoscaling?.x_kubernetes_validations?.[0]?.rule).toBe(
      'self.minReplicas <= self.maxReplicas',
    );
  });

  it('accepts the valid object on both sides', async () => {
    await installCrds(kc, { objects: crds.map(toModel) });
    expect(await serverCauses(objects, 'valid', valid)).toEqual({ code: 201, fields: [] });
    expect(await validate(valid, Widget)).toEqual([]);
  });

  describe.each(invalid)('%s', (_case, object, field) => {
    it(`is rejected by the API server (422) and by validate(), both naming ${field}`, async () => {
      await installCrds(kc, { objects: crds.map(toModel) });
      const server = await serverCauses(objects, 'invalid', object);
      expect(server.code).toBe(422);
      expect(server.fields).toContain(field);
      const issues = await validate(object, Widget);
      expect(issues.map((i) => i.path)).toContain(field);
    });
  });
});

describeWithControlPlane('generated cluster-scoped CRD on the real API server', () => {
  const kc = sharedKubeConfig();
  const objects = kc.makeApiClient(CustomObjectsApi);
  const { crds } = buildCrds([Gadget]);

  it('accepts a valid Gadget on both sides', async () => {
    await installCrds(kc, { objects: crds.map(toModel) });
    const valid = gadget({ enabled: true, owner: 'ops@example.com', endpoints: endpoints(443), note: null });
    expect(await serverCauses(objects, 'valid', valid, 'gadgets')).toEqual({ code: 201, fields: [] });
    expect(await validate(valid, Gadget)).toEqual([]);
  });

  describe.each(invalidGadgets)('%s', (_case, object, field) => {
    it(`is rejected by the API server (422) and by validate(), both naming ${field}`, async () => {
      await installCrds(kc, { objects: crds.map(toModel) });
      const server = await serverCauses(objects, 'invalid', object, 'gadgets');
      expect(server.code).toBe(422);
      expect(server.fields).toContain(field);
      expect((await validate(object, Gadget)).map((i) => i.path)).toContain(field);
    });
  });
});

describe('the table itself', () => {
  it('has a distinct object for each case', () => {
    expect(new Set(invalid.map(([, o]) => JSON.stringify(o))).size).toBe(invalid.length);
  });
});
