/**
 * Typed server-side apply against the real API server: apply configurations built with
 * `applyConfiguration()` and typed `ApplyConfiguration<T>` literals, re-applied with a
 * change, field ownership in `managedFields` under the default, the manager's, a
 * `withFieldOwner` and an explicit field owner, conflicts refused without `force` and taken
 * over with it, owned objects built with `withControllerReference`, and status apply.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1ManagedFieldsEntry } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { ClientError, isConflict } from '../src/api/status-error.js';
import { ApiClient } from '../src/client/api-client.js';
import { type ApplyConfiguration, applyConfiguration } from '../src/client/apply-configuration.js';
import { withFieldOwner } from '../src/client/field-owner.js';
import { withControllerReference } from '../src/controllerutil/apply.js';
import { newManager } from '../src/manager/manager.js';
import { ConfigMap } from '../src/resources/kinds.js';
import { installWidgetCrd, newNamespace, type Widget, WidgetType } from './fixtures/helpers.js';

/** Each field manager's entry: manager, operation, subresource and the fields it owns. */
function owners(
  obj: KubernetesObject,
): Array<{ manager?: string; operation?: string; subresource?: string; fields: string }> {
  return ((obj.metadata?.managedFields ?? []) as V1ManagedFieldsEntry[]).map((f) => ({
    manager: f.manager,
    operation: f.operation,
    subresource: f.subresource,
    fields: JSON.stringify(f.fieldsV1),
  }));
}

const ownerOf = (obj: KubernetesObject, field: string): string[] =>
  owners(obj)
    .filter((o) => o.fields.includes(`"${field}"`))
    .map((o) => o.manager ?? '');

describeWithControlPlane('typed server-side apply', () => {
  let client: ApiClient;
  let ns: string;

  beforeAll(async () => {
    client = new ApiClient({ kubeConfig: sharedKubeConfig() });
    ns = await newNamespace(client, 'apply');
    await installWidgetCrd(client);
  }, 60_000);

  afterAll(async () => {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  });

  const settings = (name: string, data: Record<string, string>) =>
    applyConfiguration(ConfigMap, { metadata: { name, namespace: ns, labels: { app: name } }, data });

  it('should apply, re-apply with a change, and record the default field owner', async () => {
    const first = await client.apply(settings('plain', { a: '1', b: '2' }));
    expect(first.data).toEqual({ a: '1', b: '2' });
    expect(owners(first)).toEqual([expect.objectContaining({ manager: 'operant', operation: 'Apply' })]);
    // the second apply no longer names b: the API server removes the field this owner gave up
    const second = await client.apply(settings('plain', { a: '3' }));
    expect(second.data).toEqual({ a: '3' });
    expect(second.metadata?.labels).toEqual({ app: 'plain' });
    expect(Number(second.metadata?.resourceVersion)).toBeGreaterThan(Number(first.metadata?.resourceVersion));
    expect(owners(second).map((o) => o.manager)).toEqual(['operant']);
  });

  it("should name the manager's field owner, a withFieldOwner client's, and an explicit one, the explicit first", async () => {
    const mgr = newManager({ kubeConfig: sharedKubeConfig(), fieldOwner: 'mgr-owner' });
    const byManager = await mgr.client.apply(settings('by-manager', { a: '1' }));
    expect(ownerOf(byManager, 'f:a')).toEqual(['mgr-owner']);

    const scoped = withFieldOwner(client, 'scoped-owner');
    const byScoped = await scoped.apply(settings('by-scoped', { a: '1' }));
    expect(ownerOf(byScoped, 'f:a')).toEqual(['scoped-owner']);
    const byExplicit = await scoped.apply(settings('by-scoped', { a: '1', b: '2' }), { fieldOwner: 'explicit-owner' });
    expect(ownerOf(byExplicit, 'f:a').sort()).toEqual(['explicit-owner', 'scoped-owner']);
    expect(ownerOf(byExplicit, 'f:b')).toEqual(['explicit-owner']);
  });

  it('should refuse a conflicting apply without force (409) and take the field over with force', async () => {
    await client.apply(settings('contested', { a: 'mine' }), { fieldOwner: 'first' });
    const refused = await client
      .apply(settings('contested', { a: 'theirs' }), { fieldOwner: 'second' })
      .catch((e: unknown) => e);
    expect(isConflict(refused)).toBe(true);
    expect((refused as ClientError).code).toBe(409);
    expect((refused as ClientError).message).toContain(`unable to apply ConfigMap ${ns}/contested`);
    expect(ClientError.is(refused)).toBe(true);

    const taken = await client.apply(settings('contested', { a: 'theirs' }), { fieldOwner: 'second', force: true });
    expect(taken.data).toEqual({ a: 'theirs' });
    expect(ownerOf(taken, 'f:a')).toEqual(['second']);
  });

  it('should apply an owned object with its controller reference', async () => {
    const owner = await client.apply(
      applyConfiguration(WidgetType, { metadata: { name: 'owner', namespace: ns }, spec: { size: 1 } }),
    );
    const child = await client.apply(withControllerReference(owner, settings('child', { a: '1' })));
    expect(child.metadata?.ownerReferences).toEqual([
      {
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        name: 'owner',
        uid: owner.metadata?.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });

  it('should round-trip a status apply, owned by its field owner on the status subresource', async () => {
    const desired: ApplyConfiguration<Widget> = {
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { name: 'with-status', namespace: ns },
      spec: { size: 2, tags: ['a'] },
    };
    await client.apply(desired, { fieldOwner: 'spec-owner' });
    const applied = await client
      .status()
      .apply<Widget>(
        { ...desired, spec: undefined, status: { phase: 'Ready', ready: 2 } },
        { fieldOwner: 'status-owner' },
      );
    expect(applied.status).toEqual({ phase: 'Ready', ready: 2 });
    expect(applied.spec).toEqual({ size: 2, tags: ['a'] });
    const read = await client.get(WidgetType, { namespace: ns, name: 'with-status' });
    expect(read.status).toEqual({ phase: 'Ready', ready: 2 });
    expect(owners(read).map((o) => [o.manager, o.operation, o.subresource ?? ''])).toEqual(
      expect.arrayContaining([
        ['spec-owner', 'Apply', ''],
        ['status-owner', 'Apply', 'status'],
      ]),
    );
    expect(ownerOf(read, 'f:phase')).toEqual(['status-owner']);
    expect(ownerOf(read, 'f:size')).toEqual(['spec-owner']);

    // a second status owner contends for phase: refused, then forced
    const contested = { ...desired, spec: undefined, status: { phase: 'Failed' } };
    const refused = await client
      .status()
      .apply<Widget>(contested, { fieldOwner: 'other-status' })
      .catch((e: unknown) => e);
    expect(isConflict(refused)).toBe(true);
    const forced = await client.status().apply<Widget>(contested, { fieldOwner: 'other-status', force: true });
    expect(forced.status?.phase).toBe('Failed');
    expect(forced.status?.ready).toBe(2);
  });
});
