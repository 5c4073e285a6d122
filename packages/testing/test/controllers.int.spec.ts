// The controllers kube-controller-manager runs decide who writes status. On the shared
// control plane (DEFAULT_CONTROLLERS) a test writes a Job's status as kubebuilder's CronJob
// tutorial does, and it stays; with the job controller, that status is the controller's.
import { expect, it } from '@jest/globals';
import { ApiClient } from '@operant/core/client';
import { Job, Pod } from '@operant/core/kinds';
import { DEFAULT_CONTROLLERS, eventually } from '@operant/testing';
import {
  describeOrSkip,
  describeWithControlPlane,
  ownControlPlaneSkipReason,
  sharedKubeConfig,
  useControlPlane,
} from '@operant/testing/jest';

const job = (namespace: string) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { namespace, name: 'test-job' },
  spec: {
    template: {
      spec: { restartPolicy: 'OnFailure', containers: [{ name: 'test-container', image: 'test-image' }] },
    },
  },
});

/** Creates the Job, then writes `status.active = 2` with the resourceVersion create returned. */
async function createAndWriteStatus(api: ApiClient, namespace: string): Promise<unknown> {
  await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const created = await api.create(job(namespace));
  return api
    .status()
    .update({ ...created, status: { active: 2 } })
    .catch((err: unknown) => err);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

describeWithControlPlane('the default controllers', () => {
  it("leave a Job's status to the test that writes it", async () => {
    const api = new ApiClient({ kubeConfig: sharedKubeConfig() });
    const written = await createAndWriteStatus(api, 'default-controllers');
    expect(written).toMatchObject({ status: { active: 2 } });
    await settle(); // the job controller would have made a Pod and recounted by now
    expect((await api.get(Job, { namespace: 'default-controllers', name: 'test-job' })).status).toEqual({ active: 2 });
    expect((await api.list(Pod, { namespace: 'default-controllers' })).items).toEqual([]);
  });
});

const withJobs = { controllerManager: { controllers: [...DEFAULT_CONTROLLERS, 'job-controller'] } };

describeOrSkip('with the job controller', ownControlPlaneSkipReason(withJobs), () => {
  const env = useControlPlane(withJobs);

  it("rewrites the Job's status from the Pods it made", async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await createAndWriteStatus(api, 'job-controller'); // a conflict, or a write the controller undoes
    await eventually(async () => {
      const { status } = await api.get(Job, { namespace: 'job-controller', name: 'test-job' });
      expect(status?.active).toBe(1);
      expect((await api.list(Pod, { namespace: 'job-controller' })).items).toHaveLength(1);
    });
  });
});
