// Runs the example end to end on a local control plane: starts envtest (etcd,
// kube-apiserver, kube-controller-manager), installs the CRD, starts the operator, applies
// the sample Notice, prints the ConfigMap it produced, and stops everything.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OperantFactory } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { resourceType } from '@operant/core/resources';
import { Environment } from '@operant/testing';
import { parse } from 'yaml';

const ConfigMap = resourceType({ group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const env = new Environment({ crdDirectoryPaths: [here('../config/crd')], controllerManager: true });
const kubeConfig = await env.start();
console.log(`control plane up at ${env.server}; kubeconfig: ${await env.writeKubeconfig()}`);
const { AppModule } = await import('../dist/app.module.js');
const app = await OperantFactory.create(AppModule, { manager: { kubeConfig } });
const running = app.start();
try {
  const api = new ApiClient({ kubeConfig });
  const sample = parse(readFileSync(here('../config/samples/notice.yaml'), 'utf8'));
  await api.create(sample);
  console.log(`applied Notice ${sample.metadata.namespace}/${sample.metadata.name}`);
  for (let i = 0; i < 100; i++) {
    const cm = await api
      .get(ConfigMap, { namespace: 'default', name: `${sample.metadata.name}-notice` })
      .catch(() => undefined);
    if (cm) {
      console.log(`ConfigMap default/${cm.metadata.name}: ${JSON.stringify(cm.data)}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
} finally {
  await app.stop();
  await running;
  await env.stop();
  console.log('stopped');
}
