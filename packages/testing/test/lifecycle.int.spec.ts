// A control plane of this suite's own: start, use, stop, and nothing left behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from '@jest/globals';
import { ApiException, CoreV1Api, KubeConfig, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import { Environment } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason } from '@operant/testing/jest';
import { isProcessAlive } from '../src/envtest/process.js';

const skip = ownControlPlaneSkipReason();
const statusOf = async (call: Promise<unknown>): Promise<number> => {
  try {
    await call;
    return 200;
  } catch (err) {
    if (err instanceof ApiException) return err.code;
    throw err;
  }
};

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describeOrSkip(`Environment lifecycle`, skip, () => {
  it('starts a control plane, serves reads and writes, enforces RBAC for added users, and stops cleanly', async () => {
    const env = new Environment();
    try {
      const kc = await env.start();
      const pids = env.pids();
      expect(Object.keys(pids).sort()).toEqual(['etcd', 'kube-apiserver']);
      for (const pid of Object.values(pids)) expect(isProcessAlive(pid)).toBe(true);

      // create a Namespace and a ConfigMap, read them back
      const core = kc.makeApiClient(CoreV1Api);
      await core.createNamespace({ body: { metadata: { name: 'lifecycle' } } });
      await core.createNamespacedConfigMap({
        namespace: 'lifecycle',
        body: { metadata: { name: 'settings' }, data: { color: 'blue' } },
      });
      expect((await core.readNamespace({ name: 'lifecycle' })).metadata?.name).toBe('lifecycle');
      const cm = await core.readNamespacedConfigMap({ namespace: 'lifecycle', name: 'settings' });
      expect(cm.data).toEqual({ color: 'blue' });
      expect(cm.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);

      // the kubeconfig file works for any client
      const file = await env.writeKubeconfig();
      const fromFile = new KubeConfig();
      fromFile.loadFromFile(file);
      const viaFile = await fromFile.makeApiClient(CoreV1Api).readNamespacedConfigMap({
        namespace: 'lifecycle',
        name: 'settings',
      });
      expect(viaFile.metadata?.resourceVersion).toBe(cm.metadata?.resourceVersion);

      // a user without permissions gets 403; a bound Role lets it in
      const alice = await env.addUser('alice', ['developers']);
      const aliceCore = alice.kubeConfig.makeApiClient(CoreV1Api);
      expect(await statusOf(aliceCore.listNamespacedConfigMap({ namespace: 'lifecycle' }))).toBe(403);
      const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
      await rbac.createNamespacedRole({
        namespace: 'lifecycle',
        body: {
          metadata: { name: 'configmap-reader' },
          rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
        },
      });
      await rbac.createNamespacedRoleBinding({
        namespace: 'lifecycle',
        body: {
          metadata: { name: 'alice-reads-configmaps' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmap-reader' },
          subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
        },
      });
      const allowed = await eventually(
        async () => (await statusOf(aliceCore.listNamespacedConfigMap({ namespace: 'lifecycle' }))) === 200,
        10_000,
      );
      expect(allowed).toBe(true);
      const listed = await aliceCore.listNamespacedConfigMap({ namespace: 'lifecycle' });
      expect(listed.items.map((item) => item.metadata?.name)).toContain('settings');
      // the Role grants reads only, and only in its namespace
      expect(
        await statusOf(
          aliceCore.createNamespacedConfigMap({ namespace: 'lifecycle', body: { metadata: { name: 'x' } } }),
        ),
      ).toBe(403);
      expect(await statusOf(aliceCore.listNamespacedConfigMap({ namespace: 'default' }))).toBe(403);

      // stop: every process gone, the folder removed, a second stop harmless
      const dir = env.directory as string;
      expect(existsSync(join(dir, 'etcd'))).toBe(true);
      await env.stop();
      for (const pid of Object.values(pids)) expect(isProcessAlive(pid)).toBe(false);
      expect(existsSync(dir)).toBe(false);
      await env.stop();
    } finally {
      await env.stop();
    }
  }, 180_000);
});
