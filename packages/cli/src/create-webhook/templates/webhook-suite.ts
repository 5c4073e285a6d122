/**
 * `test/[<group>/]<kind>.webhook.int.spec.ts`: kubebuilder's `webhook_suite_test.go` and
 * `<kind>_webhook_test.go` on a real API server. The suite has a control plane of its own
 * (`useControlPlane`, with the CRDs of config/crd/bases and the webhook configurations of
 * config/webhook pointed at a local server with a CA of the run, envtest's
 * `WebhookInstallOptions`), and the operator of AppModule serves them. The API server calls
 * the webhooks: a new object comes back defaulted, and an invalid one is refused with its
 * kind and name.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { WebhookLayout } from '../layout.js';
import type { WebhookKinds } from './webhook.js';

export function webhookSuiteFile(
  names: ResourceNames,
  kinds: WebhookKinds,
  namespaced: boolean,
  layout: WebhookLayout,
): ScaffoldFile {
  const from = (to: string) => importPath(layout.suite, to);
  const { kind, qualifiedGroup, version, variable } = names;
  const meta = namespaced ? '{ namespace, name }' : '{ name }';
  const probes = [
    ...(kinds.defaulting
      ? [`expect((await client.create(${variable}(\`probe-\${probe}\`, {}))).spec.foo).toBe('bar');`]
      : []),
    ...(kinds.validation
      ? [`expect(await refusal(${variable}(\`probe-refused-\${probe}\`, { foo: '' }))).toBeDefined();`]
      : []),
  ];
  const defaulting = `
    it('defaults a new ${kind}', async () => {
      const created = await client.create(${variable}('defaulted', {}));
      expect(created.spec.foo).toBe('bar');
    });
`;
  const validation = `
    it('refuses an invalid ${kind} with its kind and name, as kubectl prints them', async () => {
      const err = await refusal(${variable}('refused', { foo: '' }));
      expect(err.message).toContain('${kind}.${qualifiedGroup} "refused" is invalid');
      expect(err.message).toContain('spec.foo: Invalid value: "": must not be empty');
      expect(err.status?.details).toMatchObject({ kind: '${kind}', name: 'refused' });
    });
`;
  return {
    path: layout.suite,
    content: `/**
 * The ${kind} webhooks against a real API server, on a control plane of this suite's own with
 * the CRDs of config/crd/bases and the webhook configurations of config/webhook (run
 * \`pnpm manifests\` after changing them) pointed at the operator's webhook server.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { ApiClient, ClientError } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import type { ${kind} } from '${from(`${layout.apiDir}/index.ts`)}';
import { AppModule } from '${from('src/app.module.ts')}';

const options = {
  crdDirectoryPaths: [fileURLToPath(new URL('${from('config/crd/bases')}', import.meta.url))],
  webhookInstallOptions: { paths: [fileURLToPath(new URL('${from('config/webhook')}', import.meta.url))] },
};

describeOrSkip('${kind} webhooks', ownControlPlaneSkipReason(options), () => {
  // declared in the outer block: jest runs this block's afterAll (stopping the control plane)
  // after the inner block's, which still needs the API server
  const env = useControlPlane(options);

  describe('on the API server', () => {
    const namespace = \`test-${names.lower}-webhook-\${Date.now().toString(36)}\`;
    const ${variable} = (name: string, spec: ${kind}['spec']): ${kind} => ({
      apiVersion: '${qualifiedGroup}/${version}',
      kind: '${kind}',
      metadata: ${meta},
      spec,
    });
    let client: ApiClient;
    let app: Operator;
    let running: Promise<void>;

    /** The error the API server answers a create with; fails when the create succeeds. */
    const refusal = async (obj: ${kind}): Promise<ClientError> => {
      const err = await client.create(obj).then(
        () => new Error(\`the API server admitted ${kind} \${obj.metadata?.name}\`),
        (e: unknown) => e,
      );
      if (!ClientError.is(err, 'invalid')) throw err;
      return err;
    };

    beforeAll(async () => {
      const kubeConfig = env.kubeConfig();
      client = new ApiClient({ kubeConfig });
      await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
      app = await OperantFactory.create(AppModule, {
        manager: { kubeConfig, webhookServer: env.webhooks?.serverOptions() },
      });
      running = app.start();
      running.catch(() => undefined); // a start failure fails the probe below, and afterAll reports it
      // the server needs a moment to listen, and the API server learns of new webhook
      // configurations through an informer: retry until both webhooks answer
      let probe = 0;
      await eventually(
        async () => {
          probe++;
          ${probes.join('\n          ')}
        },
        { timeout: 30_000, interval: 250 },
      );
    }, 60_000);

    afterAll(async () => {
      await app?.stop();
      await running;
    });
${kinds.defaulting ? defaulting : ''}${kinds.validation ? validation : ''}  });
});
`,
  };
}
