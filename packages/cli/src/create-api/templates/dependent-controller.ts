/**
 * `operant create api --dependents`: the controller and its suite with a dependent instead
 * of a hand-written reconcile. The controller declares a Deployment from the object's spec
 * (`@Dependent(Deployment)`), which Operant applies by server-side apply only when it
 * differs, deletes with the object, and reports in the object's `Ready` condition (the
 * scaffolded status has `conditions` then). The suite checks the Deployment, its owner
 * reference, a spec change reaching it, and the condition (under envtest no pod runs, so the
 * Deployment stays unavailable and `Ready` is `False`, reason `NotReady`).
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath, type SourcePaths } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export function dependentControllerFile(names: ResourceNames, paths: SourcePaths): ScaffoldFile {
  const { kind, reconciler, variable } = names;
  return {
    path: paths.controller,
    content: `/**
 * Reconciles ${kind} objects through their dependents: each \`@Dependent\` method returns a
 * child as the ${kind}'s spec wants it, and Operant applies it (server-side apply, only when
 * it differs), deletes it with the ${kind}, and sets the ${kind}'s \`Ready\` condition.
 * A \`@Reconcile()\` method, if you add one, runs after the dependents with their outcome.
 * @module
 */
import { Controller, Dependent } from '@operant/core';
import { applyConfiguration } from '@operant/core/client';
import { Deployment } from '@operant/core/kinds';
import { ${kind} } from '${importPath(paths.controller, `${paths.apiDir}/index.ts`)}';

@Controller({ for: ${kind} })
export class ${reconciler} {
  /** The ${kind}'s Deployment: ready once a replica is available. TODO(user): your workload here. */
  @Dependent(Deployment, { readyWhen: (d) => (d.status?.availableReplicas ?? 0) > 0 })
  deployment(${variable}: ${kind}) {
    const { name = '', namespace = '' } = ${variable}.metadata ?? {};
    const labels = { 'app.kubernetes.io/name': '${names.lower}', 'app.kubernetes.io/instance': name };
    const env = [{ name: 'FOO', value: ${variable}.spec.foo ?? '' }];
    return applyConfiguration(Deployment, {
      metadata: { name, namespace, labels },
      spec: {
        replicas: 1,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'app', image: 'nginx:1.27', env }] },
        },
      },
    });
  }
}
`,
  };
}

export function dependentControllerSuite(names: ResourceNames, paths: SourcePaths): ScaffoldFile {
  const { kind, lower, qualifiedGroup, version } = names;
  return {
    path: paths.suite,
    content: `/**
 * The ${kind} controller against a real control plane (envtest, started by jest's global
 * setup with the CRDs of config/crd/bases). No pod runs there: the Deployment stays
 * unavailable, so the ${kind} reports \`Ready\` False.
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { ApiClient, mergePatch } from '@operant/core/client';
import { Deployment } from '@operant/core/kinds';
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
    app = await OperantFactory.create(AppModule, { manager: { kubeConfig }, enableWebhooks: false });
    running = app.start();
    running.catch(() => undefined); // a start failure fails the test below, and afterAll reports it
  });

  afterAll(async () => {
    await app?.stop();
    await running;
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  });

  it('applies the Deployment of a new ${kind}, follows its spec and reports Ready', async () => {
    const created = await client.create<${kind}>({
      apiVersion: '${qualifiedGroup}/${version}',
      kind: '${kind}',
      metadata: { namespace, name },
      spec: { foo: 'bar' },
    });
    const env = async () => {
      const deployment = await client.get(Deployment, { namespace, name });
      return deployment.spec?.template.spec?.containers[0]?.env;
    };
    await eventually(async () => expect(await env()).toEqual([{ name: 'FOO', value: 'bar' }]));
    const deployment = await client.get(Deployment, { namespace, name });
    expect(deployment.metadata?.ownerReferences?.[0]).toMatchObject({ kind: '${kind}', name, controller: true });
    await eventually(async () => {
      const { status } = await client.get(${kind}, { namespace, name });
      const ready = status?.conditions?.find((c) => c.type === 'Ready');
      expect(ready).toMatchObject({ status: 'False', reason: 'NotReady' });
      expect(ready?.observedGeneration).toBe(created.metadata?.generation);
    });

    await client.patch(created, mergePatch({ spec: { foo: 'baz' } }));
    await eventually(async () => expect(await env()).toEqual([{ name: 'FOO', value: 'baz' }]));
    await client.delete(created);
  });
});
`,
  };
}
