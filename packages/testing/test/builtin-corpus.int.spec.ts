/**
 * The built-in corpus against a real API server (the shared control plane) and core's real
 * `ApiClient`; `src/fake/builtin-corpus.spec.ts` runs the same cases against the fake client.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { V1Namespace } from '@kubernetes/client-node';
import { ApiClient } from '@operant/core/client';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { builtinCorpus } from './fixtures/builtin-corpus.js';

describeWithControlPlane('real API server: built-in names, immutable fields and shapes', () => {
  const client = new ApiClient({ kubeConfig: sharedKubeConfig() });
  const namespace = `corpus-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    await client.create<V1Namespace>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  });

  afterAll(async () => {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch(() => undefined);
  });

  builtinCorpus({ name: 'envtest', client: () => client, namespace: () => namespace });
});
