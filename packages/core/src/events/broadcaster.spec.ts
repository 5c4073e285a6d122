import { describe, expect, it } from '@jest/globals';
import { noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Client } from '../client/interfaces.js';
import { EventBroadcaster } from './broadcaster.js';
import type { EventType } from './sink.js';

// What the broadcaster refuses before any write: the writes themselves are checked on the
// real API server (test/events.int.spec.ts).
function broadcaster() {
  const writes: KubernetesObject[] = [];
  const errors: string[] = [];
  const client = { create: async (o: KubernetesObject) => void writes.push(o) } as unknown as Client;
  const logger = { ...noopLogger, error: (m: string) => errors.push(m), child: () => logger };
  return { events: new EventBroadcaster(client, logger), writes, errors };
}

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'ns', name: 'cm' } };

describe('EventBroadcaster', () => {
  it('reports as <name>-<instance> and hands an occurrence to its sink', async () => {
    const { events, writes } = broadcaster();
    const recorder = events.newRecorder('widget');
    expect(recorder.instance.startsWith('widget-')).toBe(true);
    recorder.event(cm, 'Normal', 'Synced', 'synced');
    await recorder.flush();
    expect(writes).toEqual([expect.objectContaining({ reason: 'Synced', reportingController: 'widget' })]);
  });

  it('refuses an unknown type and an object without a name with one log line, never a throw', async () => {
    const { events, writes, errors } = broadcaster();
    const recorder = events.newRecorder('widget');
    expect(() => recorder.event(cm, 'Info' as EventType, 'Synced', 'synced')).not.toThrow();
    expect(() => recorder.event(undefined as unknown as KubernetesObject, 'Normal', 'Synced', 'x')).not.toThrow();
    expect(() => recorder.eventf({ kind: 'ConfigMap' }, undefined, 'Normal', 'Synced', 'Sync', 'x')).not.toThrow();
    await recorder.flush();
    expect(writes).toEqual([]);
    expect(errors).toEqual([
      'unsupported event type, not recording the event',
      'unable to record an event about an object without a name',
      'unable to record an event about an object without a name',
    ]);
  });
});
