/**
 * The conformance suite against a real API server (the shared control plane, with
 * kube-controller-manager for garbage collection) and core's real `ApiClient`;
 * `src/fake/conformance.spec.ts` runs the same cases against the fake client.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { V1CustomResourceDefinition, V1Namespace } from '@kubernetes/client-node';
import { ApiClient } from '@operant/core/client';
import { newManager } from '@operant/core/manager';
import { buildCrd } from '@operant/crd/schema';
import { eventually, installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { type ConformanceBackend, conformanceSuite } from './fixtures/conformance-cases.js';
import { Gadget, Gizmo } from './fixtures/gadgets.js';

describeWithControlPlane('real API server conformance', () => {
  const kc = sharedKubeConfig();
  const client = new ApiClient({ kubeConfig: kc });
  const namespace = `conformance-${randomBytes(3).toString('hex')}`;
  const backend: ConformanceBackend = {
    name: 'envtest',
    client: () => client,
    namespace: () => namespace,
    // a real manager (no leader election, no servers) whose cache runs on the control plane
    managerClient: async ({ byObject, readLive }) => {
      const mgr = newManager({
        kubeConfig: kc,
        cache: { byObject: byObject.map((type) => ({ type, namespaces: [namespace] })) },
        readLive,
      });
      const stopper = new AbortController();
      const running = mgr.start(stopper.signal);
      await mgr.cache.waitForCacheSync(stopper.signal);
      return {
        client: mgr.client,
        stop: async () => {
          stopper.abort();
          await running;
        },
      };
    },
    eventually: (check) => eventually(check, { timeout: 60_000, interval: 200 }),
  };

  beforeAll(async () => {
    const crds = [buildCrd(Gadget), buildCrd(Gizmo)] as unknown as V1CustomResourceDefinition[];
    await installCrds(kc, { objects: crds });
    await client.create<V1Namespace>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  }, 60_000);

  afterAll(async () => {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch(() => undefined);
  });

  conformanceSuite(backend);
});
