// useControlPlane(): a suite's own control plane, here without kube-controller-manager,
// where namespace deletion is documented to stay Terminating (nothing finalizes it).
import { expect, it } from '@jest/globals';
import { CoreV1Api } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';

const skip = ownControlPlaneSkipReason();

describeOrSkip(`useControlPlane`, skip, () => {
  const env = useControlPlane();

  it('runs the suite against a started control plane without kube-controller-manager', async () => {
    expect(Object.keys(env.pids()).sort()).toEqual(['etcd', 'kube-apiserver']);
    const core = env.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'doomed' } } });
    await core.deleteNamespace({ name: 'doomed' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ns = await core.readNamespace({ name: 'doomed' });
    expect(ns.status?.phase).toBe('Terminating');
    expect(ns.spec?.finalizers).toContain('kubernetes');
  });
});
