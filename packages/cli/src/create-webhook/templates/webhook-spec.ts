/**
 * `src/webhooks/[<group>/]<version>/<kind>.webhook.spec.ts`: kubebuilder's `<kind>_webhook_test.go`
 * without a cluster: the methods the webhook server calls, called directly on the example
 * rules of the scaffolded webhook (replace both together).
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { WebhookLayout } from '../layout.js';
import { type WebhookKinds, webhookClass } from './webhook.js';

function defaultingTests(names: ResourceNames): string {
  return `
  it('defaults foo to "bar" and keeps a foo that is set', () => {
    const empty = ${names.variable}({});
    webhook.default(empty);
    expect(empty.spec.foo).toBe('bar');
    const set = ${names.variable}({ foo: 'baz' });
    webhook.default(set);
    expect(set.spec.foo).toBe('baz');
  });
`;
}

function validationTests(names: ResourceNames): string {
  return `
  it('admits a valid ${names.kind}', () => {
    expect(webhook.validateCreate(${names.variable}({ foo: 'bar' }))).toEqual([]);
    expect(webhook.validateUpdate(${names.variable}({}), ${names.variable}({ foo: 'baz' }))).toEqual([]);
  });

  it('refuses an empty foo on create and update, naming the field and the value', () => {
    const refused = ${names.variable}({ foo: '' });
    expect(() => webhook.validateCreate(refused)).toThrow('spec.foo: Invalid value: "": must not be empty');
    expect(() => webhook.validateUpdate(${names.variable}({ foo: 'bar' }), refused)).toThrow(WebhookError);
  });
`;
}

export function webhookSpecFile(names: ResourceNames, kinds: WebhookKinds, layout: WebhookLayout): ScaffoldFile {
  const { kind, qualifiedGroup, version } = names;
  const cls = webhookClass(names);
  return {
    path: layout.spec,
    content: `/**
 * The ${kind} webhooks without a cluster: the methods the webhook server calls, called directly.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
${kinds.validation ? "import { WebhookError } from '@operant/core/webhook';\n" : ''}import type { ${kind} } from '${importPath(layout.spec, `${layout.apiDir}/index.ts`)}';
import { ${cls} } from '${importPath(layout.spec, layout.webhook)}';

const ${names.variable} = (spec: ${kind}['spec']): ${kind} => ({
  apiVersion: '${qualifiedGroup}/${version}',
  kind: '${kind}',
  metadata: { namespace: 'default', name: 'test-resource' },
  spec,
});

describe('${kind} webhooks', () => {
  const webhook = new ${cls}();
${kinds.defaulting ? defaultingTests(names) : ''}${kinds.validation ? validationTests(names) : ''}});
`,
  };
}
