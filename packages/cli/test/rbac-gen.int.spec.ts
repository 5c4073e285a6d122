// Against the real kube-apiserver of jest's global setup: the role rbac-gen writes for the
// fixture controllers is accepted as a ClusterRole, and with --namespace as a Role, and the
// server returns exactly the generated rules.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ClusterRole, type V1Namespace, V1Role } from '@kubernetes/client-node';
import { type Client } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { parse } from 'yaml';
import { renderControllerRole } from '../src/rbac-gen/command.js';
import { GadgetReconciler } from './fixtures/controllers/gadget.controller.js';
import { WidgetReconciler } from './fixtures/controllers/widget.controller.js';

const suffix = randomBytes(3).toString('hex');

describeWithControlPlane('rbac-gen (live)', () => {
  let client: Client;
  const namespace = `rbac-gen-${suffix}`;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    client = new ApiClient({ kubeConfig: sharedKubeConfig(), fieldOwner: 'rbac-gen-int' });
    await client.create<V1Namespace>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    cleanup.push(() => client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }));
  });
  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
  });

  it('the API server accepts the generated ClusterRole and returns its rules unchanged', async () => {
    const role = parse(
      renderControllerRole([WidgetReconciler, GadgetReconciler], { roleName: `manager-role-${suffix}` }),
    );
    await client.create(role);
    cleanup.push(() => client.delete(role));
    const stored = await client.get(V1ClusterRole, { name: role.metadata.name });
    expect(stored.rules).toEqual(role.rules);
  });

  it('the API server accepts the generated namespaced Role and returns its rules unchanged', async () => {
    const role = parse(renderControllerRole([WidgetReconciler], { namespace }));
    expect(role.kind).toBe('Role');
    await client.create(role);
    const stored = await client.get(V1Role, { namespace, name: 'manager-role' });
    expect(stored.rules).toEqual(role.rules);
  });
});
