/**
 * `test/[<group>/]<kind>.controller.int.spec.ts`: kubebuilder's `<kind>_controller_test.go`. The
 * operator runs against jest's envtest control plane (with the CRD of `pnpm manifests`); a
 * new object is reconciled (its status records its generation), and so is a spec change.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath, type SourcePaths } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export function controllerSuite(names: ResourceNames, paths: SourcePaths, namespaced: boolean): ScaffoldFile {
  const { kind, lower, qualifiedGroup, version } = names;
  const namespace = namespaced ? 'namespace, ' : '';
  const key = namespaced ? '{ namespace, name }' : '{ name }';
  return {
    path: paths.suite,
    content: `/**
 * The ${kind} controller against a real control plane (envtest, started by jest's global
 * setup with the CRDs of config/crd/bases).
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { ApiClient, mergePatch } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { sharedKubeConfig } from '@operant/testing/jest';
import { ${kind} } from '${importPath(paths.suite, `${paths.apiDir}/index.ts`)}';
import { AppModule } from '${importPath(paths.suite, 'src/app.module.ts')}';

describe('${kind} controller', () => {
  const kubeConfig = sharedKubeConfig();
  const client = new ApiClient({ kubeConfig });
  const namespace = \`test-${lower}-\${Date.now().toString(36)}\`;
  const name = 'test-resource';
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    // the controller alone: webhooks are tested in test/*.webhook.int.spec.ts (kubebuilder's
    // controller suite does not start them either)
    app = await OperantFactory.create(AppModule, { manager: { kubeConfig }, enableWebhooks: false });
    running = app.start();
    running.catch(() => undefined); // a start failure fails the test below, and afterAll reports it
  });

  afterAll(async () => {
    await app?.stop();
    await running;
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  });

  it('reconciles a new ${kind} and a change of its spec', async () => {
    const created = await client.create<${kind}>({
      apiVersion: '${qualifiedGroup}/${version}',
      kind: '${kind}',
      metadata: { ${namespace}name },
      spec: { foo: 'bar' },
    });
    await eventually(async () => {
      const current = await client.get(${kind}, ${key});
      expect(current.status?.observedGeneration).toBe(created.metadata?.generation);
    });

    const changed = await client.patch(created, mergePatch({ spec: { foo: 'baz' } }));
    expect(changed.metadata?.generation).toBeGreaterThan(created.metadata?.generation ?? 0);
    await eventually(async () => {
      const current = await client.get(${kind}, ${key});
      expect(current.status?.observedGeneration).toBe(changed.metadata?.generation);
    });
    await client.delete(changed);
  });
});
`,
  };
}
