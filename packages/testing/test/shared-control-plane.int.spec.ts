// Against the control plane of jest's global setup (etcd, kube-apiserver and
// kube-controller-manager): CRD installation and schema enforcement, garbage collection.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ApiException, ApiextensionsV1Api, CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { Environment, installCrds } from '@operant/testing';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';

const widgetsCrd = fileURLToPath(new URL('./fixtures/widgets.crd.yaml', import.meta.url));

describeWithControlPlane('shared control plane', () => {
  const kc = sharedKubeConfig();

  describe('CRDs', () => {
    it('installs a CRD from YAML, serves it, and lets its schema reject an invalid object with 422', async () => {
      const installed = await installCrds(kc, { paths: [widgetsCrd] });
      expect(installed.map((crd) => crd.metadata?.name)).toEqual(['widgets.test.operant.dev']);
      // installing again replaces in place
      await installCrds(kc, { paths: [widgetsCrd] });

      const objects = kc.makeApiClient(CustomObjectsApi);
      const target = { group: 'test.operant.dev', version: 'v1', namespace: 'default', plural: 'widgets' };
      const created = await objects.createNamespacedCustomObject({
        ...target,
        body: {
          apiVersion: 'test.operant.dev/v1',
          kind: 'Widget',
          metadata: { name: 'ok' },
          spec: { replicas: 3, image: 'nginx:1.27' },
        },
      });
      expect(created.metadata.uid).toBeDefined();
      expect(created.spec.replicas).toBe(3);

      let rejection: unknown;
      try {
        await objects.createNamespacedCustomObject({
          ...target,
          body: {
            apiVersion: 'test.operant.dev/v1',
            kind: 'Widget',
            metadata: { name: 'too-many' },
            spec: { replicas: 11 },
          },
        });
      } catch (err) {
        rejection = err;
      }
      expect(rejection).toBeInstanceOf(ApiException);
      expect((rejection as ApiException<string>).code).toBe(422);
      const body = JSON.parse((rejection as ApiException<string>).body);
      expect(body.reason).toBe('Invalid');
      expect(body.details.causes).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'spec.replicas', reason: 'FieldValueInvalid' })]),
      );
    });

    it('keeps x-kubernetes-* extensions from YAML (a CEL rule is enforced)', async () => {
      await installCrds(kc, { paths: [widgetsCrd] });
      const objects = kc.makeApiClient(CustomObjectsApi);
      let rejection: unknown;
      try {
        await objects.createNamespacedCustomObject({
          group: 'test.operant.dev',
          version: 'v1',
          namespace: 'default',
          plural: 'widgets',
          body: { apiVersion: 'test.operant.dev/v1', kind: 'Widget', metadata: { name: 'cel' }, spec: { replicas: 7 } },
        });
      } catch (err) {
        rejection = err;
      }
      expect((rejection as ApiException<string>).code).toBe(422);
      expect((rejection as ApiException<string>).body).toContain('more than 5 replicas need an image');
    });

    it('reports a missing CRD path clearly', async () => {
      await expect(installCrds(kc, { paths: ['/nonexistent/crds'] })).rejects.toThrow(
        'unable to read CRDs: /nonexistent/crds does not exist',
      );
    });
  });

  describe('USE_EXISTING_CLUSTER', () => {
    it('starts nothing, uses the kubeconfig, installs CRDs there, and leaves the cluster running on stop', async () => {
      const existing = new Environment({
        env: { USE_EXISTING_CLUSTER: 'true', KUBECONFIG: process.env[KUBECONFIG_VAR] },
        crdDirectoryPaths: [widgetsCrd],
      });
      expect(existing.usesExistingCluster).toBe(true);
      const ekc = await existing.start();
      expect(existing.pids()).toEqual({});
      expect(ekc.getCurrentCluster()?.server).toBe(kc.getCurrentCluster()?.server);
      const crd = await kc
        .makeApiClient(ApiextensionsV1Api)
        .readCustomResourceDefinition({ name: 'widgets.test.operant.dev' });
      expect(crd.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
      await expect(existing.addUser('bob')).rejects.toThrow(
        'unable to add user bob: not supported with an existing cluster',
      );
      await existing.stop();
      // the cluster is still there
      expect((await kc.makeApiClient(CoreV1Api).readNamespace({ name: 'default' })).metadata?.name).toBe('default');
    });
  });

  describe('garbage collection (kube-controller-manager)', () => {
    it('deletes an object whose owner was deleted', async () => {
      const core = kc.makeApiClient(CoreV1Api);
      const namespace = 'default';
      const owner = await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'gc-owner' } } });
      await core.createNamespacedConfigMap({
        namespace,
        body: {
          metadata: {
            name: 'gc-dependent',
            ownerReferences: [
              { apiVersion: 'v1', kind: 'ConfigMap', name: 'gc-owner', uid: owner.metadata?.uid as string },
            ],
          },
        },
      });
      await core.deleteNamespacedConfigMap({ namespace, name: 'gc-owner' });

      const deadline = Date.now() + 90_000;
      let gone = false;
      while (!gone && Date.now() < deadline) {
        try {
          await core.readNamespacedConfigMap({ namespace, name: 'gc-dependent' });
          await new Promise((resolve) => setTimeout(resolve, 250));
        } catch (err) {
          if (!(err instanceof ApiException) || err.code !== 404) throw err;
          gone = true;
        }
      }
      expect(gone).toBe(true);
    }, 120_000);
  });
});
