/**
 * The event recorder on the real control plane: an `events.k8s.io/v1` Event with the
 * fields client-go's `tools/events` writes; repeats folded into one Event's `series`, whose
 * count reaches the API server by the heartbeat, when the series ends and when the manager
 * stops; a refused write as one log line, never an exception for the caller; and the
 * core/v1 recorder (`events: { api: 'v1' }`) with its counted repeats.
 */
import { hostname } from 'node:os';
import { expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { LogFields, Logger } from '../src/api/logger.js';
import type { KubernetesObject } from '../src/api/object.js';
import { ApiClient } from '../src/client/api-client.js';
import type { CoreV1Event as CoreV1View } from '../src/events/correlator.js';
import type { EventsV1Event as EventsV1View } from '../src/events/series-cache.js';
import { ControllerManager } from '../src/manager/manager.js';
import type { ManagerOptions } from '../src/manager/options.js';
import { Event, EventsV1Event } from '../src/resources/kinds.js';
import { eventually, newNamespace, startManager, useCleanups } from './fixtures/helpers.js';

describeWithControlPlane('events: the recorder writes events.k8s.io/v1 Events with series, or core/v1 Events', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  async function setUp(prefix: string, options: ManagerOptions = {}) {
    const ns = await newNamespace(api, prefix);
    const mgr = new ControllerManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] }, ...options });
    const object = await api.create<KubernetesObject>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'subject' },
    });
    const v1Events = async () => (await api.list(EventsV1Event, { namespace: ns })).items as unknown as EventsV1View[];
    const coreEvents = async () => (await api.list(Event, { namespace: ns })).items as unknown as CoreV1View[];
    return { ns, mgr, object, v1Events, coreEvents };
  }

  it('writes an events.k8s.io/v1 Event with regarding, related, action, note and the reporting controller', async () => {
    const { ns, mgr, object, v1Events } = await setUp('events-v1');
    const related = await api.create<KubernetesObject>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'other' },
    });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    recorder.eventf(object, related, 'Warning', 'Degraded', 'Reconcile', 'spec.size is not set');
    recorder.event(object, 'Normal', 'Synced', 'synced');
    await recorder.flush();
    const events = await v1Events();
    expect(events).toHaveLength(2);
    const degraded = events.find((e) => e.reason === 'Degraded');
    expect(degraded).toMatchObject({
      reportingController: 'widget-controller',
      reportingInstance: `widget-controller-${process.env.POD_NAME ?? hostname()}`.slice(0, 128),
      action: 'Reconcile',
      note: 'spec.size is not set',
      type: 'Warning',
      regarding: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        namespace: ns,
        name: 'subject',
        uid: object.metadata?.uid,
        resourceVersion: object.metadata?.resourceVersion,
      },
      related: { kind: 'ConfigMap', name: 'other', uid: related.metadata?.uid },
    });
    expect(degraded?.eventTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(degraded?.series).toBeUndefined();
    expect(degraded?.metadata?.name).toMatch(/^subject\.[0-9a-f]+$/);
    // event() is eventf() without a related object, the reason as the action
    expect(events.find((e) => e.reason === 'Synced')).toMatchObject({
      action: 'Synced',
      note: 'synced',
      type: 'Normal',
    });
    expect(events.find((e) => e.reason === 'Synced')?.related).toBeUndefined();
  });

  it('folds repeats into one series whose count the heartbeat writes', async () => {
    const { mgr, object, v1Events } = await setUp('events-series', { events: { refreshMs: 100 } });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    for (let i = 0; i < 5; i++) recorder.event(object, 'Warning', 'SizeMissing', 'spec.size is not set');
    await eventually(async () => expect((await v1Events()).map((e) => e.series?.count)).toEqual([5]));
    for (let i = 0; i < 3; i++) recorder.event(object, 'Warning', 'SizeMissing', 'spec.size is not set');
    await eventually(async () => expect((await v1Events()).map((e) => e.series?.count)).toEqual([8]));
    const [event] = await v1Events();
    expect(event?.series?.lastObservedTime).toMatch(/\.\d{6}Z$/);
  });

  it('writes the final count when a series ends, and a later repeat starts a new Event', async () => {
    const { mgr, object, v1Events } = await setUp('events-finish', { events: { finishMs: 200 } });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    for (let i = 0; i < 3; i++) recorder.event(object, 'Normal', 'Scaled', 'scaled to 3');
    await eventually(async () => expect((await v1Events()).map((e) => e.series?.count)).toEqual([3]));
    // only the finisher writes a count past 2 here, and it forgets the series as it writes it
    recorder.event(object, 'Normal', 'Scaled', 'scaled to 3');
    await recorder.flush();
    expect(await v1Events()).toHaveLength(2);
    expect((await v1Events()).find((e) => e.series === undefined)).toBeDefined();
  });

  it('writes the pending series counts when the manager stops', async () => {
    const { mgr, object, v1Events } = await setUp('events-stop');
    const halt = startManager(mgr, cleanup);
    const recorder = mgr.getEventRecorderFor('widget-controller');
    for (let i = 0; i < 4; i++) recorder.event(object, 'Warning', 'SizeMissing', 'spec.size is not set');
    await mgr.elected();
    await halt();
    expect((await v1Events()).map((e) => e.series?.count)).toEqual([4]);
  });

  it('never throws into the caller: a refused write is one error log line', async () => {
    const lines: { level: string; message: string; fields?: LogFields }[] = [];
    const logger: Logger = {
      error: (message, fields) => lines.push({ level: 'error', message, fields }),
      warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
      info: () => undefined,
      debug: () => undefined,
      child: () => logger,
    };
    const { mgr } = await setUp('events-refused', { logger });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    const ghost = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'no-such-namespace', name: 'ghost' } };
    expect(() => recorder.event(ghost, 'Normal', 'Synced', 'synced')).not.toThrow();
    await recorder.flush();
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'unable to write an event',
        fields: expect.objectContaining({ namespace: 'no-such-namespace', regarding: 'ghost', tries: 1 }),
      },
    ]);
  });

  it('writes core/v1 Events with counted repeats with the option events: { api: "v1" }', async () => {
    const { ns, mgr, object, coreEvents } = await setUp('events-core', { events: { api: 'v1' } });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    for (let i = 0; i < 3; i++) recorder.event(object, 'Warning', 'SizeMissing', 'spec.size is not set');
    recorder.event(object, 'Warning', 'SizeMissing', 'spec.size is 0');
    await recorder.flush();
    const events = await coreEvents();
    expect(events.map((e) => [e.message, e.count]).sort()).toEqual([
      ['spec.size is 0', 1],
      ['spec.size is not set', 3],
    ]);
    expect(events[0]).toMatchObject({
      reason: 'SizeMissing',
      type: 'Warning',
      source: { component: 'widget-controller' },
      involvedObject: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        namespace: ns,
        name: 'subject',
        uid: object.metadata?.uid,
      },
    });
  });
});
