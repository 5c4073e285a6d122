import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import type { ResourceEventHandler } from '@operant/core/cache';
import { MissedStates } from './missed-states.js';
import { seededRandom } from './random.js';

const info = { group: 'demo.operant.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true };
const widget = (name: string, resourceVersion: string): KubernetesObject => ({
  apiVersion: 'demo.operant.dev/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name, resourceVersion },
});

/** A handler that records what reaches it. */
function recorder() {
  const seen: string[] = [];
  const handler: ResourceEventHandler = {
    onAdd: (obj) => void seen.push(`add ${obj.metadata?.resourceVersion}`),
    onUpdate: (a, b, echoOf) =>
      void seen.push(
        `update ${a.metadata?.resourceVersion}→${b.metadata?.resourceVersion}${echoOf ? ` echo of ${echoOf}` : ''}`,
      ),
    onDelete: (obj) => void seen.push(`delete ${obj.metadata?.resourceVersion}`),
  };
  return { seen, handler };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MissedStates', () => {
  it('counts update events once per event, and passes everything through without a perturbation', async () => {
    const missed = new MissedStates(undefined, 40, seededRandom(1));
    const first = recorder();
    const second = recorder();
    const a = missed.wrap(info, first.handler, () => true);
    const b = missed.wrap(info, second.handler, () => false);
    for (const h of [a, b]) {
      await h.onAdd?.(widget('web', '1'), false);
      await h.onUpdate?.(widget('web', '1'), widget('web', '2'));
    }
    expect(missed.points).toEqual(['Widget/web#1']);
    expect(first.seen).toEqual(['add 1', 'update 1→2']);
    expect(second.seen).toEqual(['add 1', 'update 1→2']);
  });

  it('holds the updates of the object of its point and delivers them as one', async () => {
    const missed = new MissedStates({ kind: 'missedState', seed: 1, point: 'Widget/web#2' }, 40, seededRandom(1));
    const { seen, handler } = recorder();
    const h = missed.wrap(info, handler, () => true);
    await h.onUpdate?.(widget('web', '1'), widget('web', '2'));
    await h.onUpdate?.(widget('web', '2'), widget('web', '3'));
    await h.onUpdate?.(widget('other', '7'), widget('other', '8'));
    await h.onUpdate?.(widget('web', '3'), widget('web', '4'), 'widget');
    expect(missed.open).toBe(true);
    expect(seen).toEqual(['update 1→2', 'update 7→8']);
    await sleep(80);
    expect(missed.open).toBe(false);
    expect(seen).toEqual(['update 1→2', 'update 7→8', 'update 2→4 echo of widget']);
    expect(missed.injection?.what).toMatch(
      /^missed states from update event Widget\/web#2 \(a window of \d+ ms\): 2 update events, delivered as one$/,
    );
    expect(missed.points).toEqual(['Widget/web#1', 'Widget/web#2', 'Widget/other#1', 'Widget/web#3']);
    expect(missed.injection?.on).toBe('update event of Widget ns/web (resourceVersion 3)');
  });

  it('drops what it held when the object is deleted in the window', async () => {
    const missed = new MissedStates({ kind: 'missedState', seed: 1, point: 'Widget/web#1' }, 40, seededRandom(1));
    const { seen, handler } = recorder();
    const h = missed.wrap(info, handler, () => true);
    await h.onUpdate?.(widget('web', '1'), widget('web', '2'));
    await h.onDelete?.(widget('web', '2'), false);
    await sleep(80);
    expect(seen).toEqual(['delete 2']);
    missed.stop();
  });
});
