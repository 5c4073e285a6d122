/**
 * A primary the cache hands out older than the one dependents were last applied from is
 * not applied but requeued; a newer one, one of another uid, and one after the primary was
 * gone are.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import { ClientError } from '../api/status-error.js';
import type { Client } from '../client/interfaces.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { dependentsReconciler } from './dependents-reconciler.js';

const request = { namespace: 'ns', name: 'w' };
const primary = (uid: string, generation: number): KubernetesObject => ({
  metadata: { namespace: 'ns', name: 'w', uid, generation },
});
const log = {
  debug: () => {},
  info: () => {},
  error: () => {},
  child: () => log,
} as unknown as ReconcileContext['log'];
const context = { signal: new AbortController().signal, log } as ReconcileContext;

/** A reconciler whose client reads `reads` in turn (undefined: not found); the generations its dependent ran with. */
function reconcilerReading(reads: (KubernetesObject | undefined)[]) {
  const ran: string[] = [];
  const client = {
    get: async () => {
      const next = reads.shift();
      if (next === undefined) throw new ClientError('notFound', 'unable to get Widget ns/w');
      return next;
    },
  } as unknown as Client;
  const runner = {
    name: 'settings',
    dependsOn: [],
    run: async (p: KubernetesObject) => {
      ran.push(`${p.metadata?.uid}@${p.metadata?.generation}`);
      return { name: 'settings', state: 'ready' as const, children: [], applied: [], deleted: [] };
    },
  };
  const reconciler = dependentsReconciler({
    client,
    type: {} as ResourceType,
    info: { kind: 'Widget', namespaced: true } as ResourceInfo,
    runners: [runner],
    fieldOwner: 'widget',
    status: false,
  });
  return { ran, reconcile: () => reconciler.reconcile(request, context) };
}

describe('dependents of a stale primary', () => {
  it('should not apply from a generation older than the one last applied, and requeue', async () => {
    const r = reconcilerReading([primary('u1', 2), primary('u1', 1), primary('u1', 2), primary('u1', 3)]);
    expect(await r.reconcile()).toBeUndefined();
    expect(await r.reconcile()).toEqual({ requeue: true });
    await r.reconcile();
    await r.reconcile();
    expect(r.ran).toEqual(['u1@2', 'u1@2', 'u1@3']);
  });

  it('should apply a primary deleted and created again (another uid) from its first generation', async () => {
    const r = reconcilerReading([primary('u1', 5), primary('u2', 1)]);
    await r.reconcile();
    await r.reconcile();
    expect(r.ran).toEqual(['u1@5', 'u2@1']);
  });

  it('should forget a primary once it is gone', async () => {
    const r = reconcilerReading([primary('u1', 5), undefined, primary('u1', 1)]);
    await r.reconcile();
    await r.reconcile();
    await r.reconcile();
    expect(r.ran).toEqual(['u1@5', 'u1@1']);
  });
});
