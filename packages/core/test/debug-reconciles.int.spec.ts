/**
 * `/debug/reconciles` on a manager run from kubebuilder's flags with
 * `--metrics-debug-reconciles`, against the real API server: without a token 401, with a
 * token not allowed the path 403; with one allowed, the JSON lists the controller with its
 * kind, the key, its reconciles with their causes (the update events of its own status
 * writes, handler and resourceVersion) and writes, and the hot loop naming `status.phase`;
 * the filters pick by controller, kind and key; the page answers as HTML.
 */
import { expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { DebugReconciles } from '../src/manager/debug-reconciles.js';
import { getDebug, startDebugReconcilesManager } from './fixtures/debug-reconciles.js';
import { eventually, useCleanups } from './fixtures/helpers.js';

describeWithControlPlane('/debug/reconciles behind TokenReview and SubjectAccessReview', () => {
  const kc = sharedKubeConfig();
  const cleanup = useCleanups();

  it('answers the recorded causes of a key as JSON to an allowed token, and 401 without one', async () => {
    const { ns, port, token, controller } = await startDebugReconcilesManager(kc, cleanup);
    const path = `/debug/reconciles?format=json&key=${ns}/loop`;
    expect(await getDebug(port, path)).toMatchObject({ status: 401, body: 'Unauthorized\n' });
    expect(await getDebug(port, path, 'not-a-token')).toMatchObject({ status: 401 });
    expect(await getDebug(port, '/metrics', token)).toMatchObject({ status: 403 }); // the role names this path only

    await eventually(() => expect(controller.queue.len() + controller.queue.processingLen()).toBe(0));
    const reply = await getDebug(port, path, token);
    expect(reply).toMatchObject({ status: 200, contentType: 'application/json' });
    const { controllers } = JSON.parse(reply.body) as DebugReconciles;
    expect(controllers.map((c) => [c.controller, c.kind, c.keys.map((k) => `${k.namespace}/${k.name}`)])).toEqual([
      ['stamper', 'Widget', [`${ns}/loop`]],
    ]);
    const key = controllers[0]?.keys[0];
    expect(key?.hotLoop).toMatchObject({ changedFields: ['status.phase'] });
    expect(key?.hotLoop?.reconciles).toBeGreaterThan(5);
    const [before, after] = key?.reconciles.slice(-3, -1) ?? [];
    // a run caused by the update event of the status write the run before made
    const written = before?.writes[0];
    expect(written).toMatchObject({ verb: 'PUT', kind: 'Widget', namespace: ns, name: 'loop' });
    expect(after?.causes).toContainEqual(
      expect.objectContaining({
        source: 'kind',
        event: 'update',
        kind: 'Widget',
        name: 'loop',
        resourceVersion: written?.resourceVersion,
        origin: expect.objectContaining({ handler: 'enqueueRequestForObject' }),
      }),
    );
    expect(after).toMatchObject({ result: 'success', ownWriteCauses: 1 });
    expect(key?.reconciles.at(-1)?.writes).toEqual([]); // past STAMPER_RUNS it writes nothing
  }, 90_000);

  it('filters by controller, kind and key, reads Accept, and serves the page', async () => {
    const { ns, port, token } = await startDebugReconcilesManager(kc, cleanup);
    const names = async (query: string) => {
      const reply = await getDebug(port, `/debug/reconciles?format=json&${query}`, token);
      return (JSON.parse(reply.body) as DebugReconciles).controllers.map((c) => [c.controller, c.keys.length]);
    };
    expect(await names('kind=WIDGET')).toEqual([['stamper', 1]]);
    expect(await names('kind=Gadget')).toEqual([]);
    expect(await names('controller=other')).toEqual([]);
    expect(await names(`key=${ns}/missing`)).toEqual([['stamper', 0]]);

    const json = await getDebug(port, '/debug/reconciles', token, { accept: 'application/json' });
    expect(json.contentType).toBe('application/json');
    const page = await getDebug(port, '/debug/reconciles', token, { accept: 'text/html' });
    expect(page).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
    expect(page.body).toContain(`data-key="${ns}/loop"`);
    expect(page.body).toContain('Changed fields: status.phase');
  }, 90_000);
});
