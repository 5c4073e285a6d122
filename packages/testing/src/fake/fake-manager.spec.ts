/**
 * The fake manager: core's builder and controllers on a fake client's objects, reads as the
 * manager's client reads, controller names as a manager keeps them.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { controllerManagedBy } from '@operant/core/builder';
import { ClientError } from '@operant/core/client';
import { Gadget, Gizmo } from '../../test/fixtures/gadgets.js';
import { eventually } from '../eventually.js';
import { fakeClient } from './builder.js';
import type { FakeClient } from './fake-client.js';
import { FakeManager } from './fake-manager.js';

const gadget = (name: string) =>
  ({
    apiVersion: 'conformance.operant.test/v1',
    kind: 'Gadget',
    metadata: { name, namespace: 'ns' },
    spec: {},
  }) as Gadget;

describe('FakeManager', () => {
  let user: FakeClient;
  let stop: AbortController;
  beforeEach(() => {
    user = fakeClient().withSchemaValidation(Gadget, Gizmo).withFieldOwner('user').build();
    stop = new AbortController();
  });
  afterEach(() => stop.abort());

  it("runs the runtime's controllers on the fake's objects until its signal aborts", async () => {
    const mgr = new FakeManager(user.sibling({ fieldOwner: 'operant' }), { metrics: { collectDefaultMetrics: false } });
    const seen: string[] = [];
    controllerManagedBy(mgr)
      .for(Gadget)
      .complete({
        reconcile: async (req) => {
          const g = await mgr.client.get(Gadget, req);
          seen.push(`${req.name} ${g.spec?.replicas}`);
          if (g.status?.phase === undefined) await mgr.client.status().update({ ...g, status: { phase: 'Ready' } });
        },
      });
    await user.create(gadget('before'));
    const running = mgr.start(stop.signal);
    await mgr.elected();
    await user.create(gadget('after'));
    await eventually(async () =>
      expect((await user.get(Gadget, { namespace: 'ns', name: 'after' })).status).toEqual({ phase: 'Ready' }),
    );
    expect(seen).toEqual(expect.arrayContaining(['before 1', 'after 1']));
    expect(mgr.cache.health()).toEqual([expect.objectContaining({ kind: 'Gadget', synced: true, objects: 2 })]);
    expect(mgr.client.writes.every((w) => w.fieldManager === 'operant')).toBe(true);
    stop.abort();
    await running;
    const processed = seen.length;
    await user.create(gadget('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(processed);
  });

  it('reads as the manager reads: a kind no controller watches is not cached', async () => {
    const mgr = new FakeManager(user.sibling(), { metrics: { collectDefaultMetrics: false } });
    controllerManagedBy(mgr)
      .for(Gadget)
      .complete({ reconcile: async () => undefined });
    const err = await mgr.client.list(Gizmo, { namespace: 'ns' }).catch((e: unknown) => e);
    expect(ClientError.is(err, 'notCached')).toBe(true);
    await expect(mgr.apiReader.list(Gizmo, { namespace: 'ns' })).resolves.toMatchObject({ items: [] });
  });

  it('refuses a controller name taken on it, as a manager does', () => {
    const mgr = new FakeManager(user.sibling(), { metrics: { collectDefaultMetrics: false } });
    controllerManagedBy(mgr)
      .for(Gadget)
      .named('gadget')
      .complete({ reconcile: async () => undefined });
    expect(() =>
      controllerManagedBy(mgr)
        .for(Gadget)
        .named('gadget')
        .complete({ reconcile: async () => undefined }),
    ).toThrow(/gadget/);
  });
});
