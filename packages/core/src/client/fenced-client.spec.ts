/**
 * fencedClient: reads pass, writes are refused while the fence refuses them, and a write in
 * flight is aborted when the fence's signal aborts.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import { fencedClient } from './fenced-client.js';
import type { CallOptions, Client } from './interfaces.js';

const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: 'x' } };

/** Writes wait until their signal aborts; reads answer at once. */
const waiting = {
  get: async () => configMap,
  create: (_obj: KubernetesObject, options?: CallOptions) =>
    new Promise((_resolve, reject) =>
      options?.signal?.addEventListener('abort', () => reject(new ClientError('aborted', 'aborted in flight'))),
    ),
  status: () => ({}),
} as unknown as Client;

describe('fencedClient', () => {
  it('refuses writes while the fence refuses them, naming the object, and lets reads through', async () => {
    let refusal: Error | undefined = new Error('leader election lost');
    const client = fencedClient(waiting, { signal: new AbortController().signal, refusal: () => refusal });
    await expect(client.create(configMap)).rejects.toThrow(
      'unable to create ConfigMap default/x: leader election lost',
    );
    await expect(client.get({} as never, { namespace: 'default', name: 'x' })).resolves.toBe(configMap);
    refusal = undefined;
    const fence = new AbortController();
    const open = fencedClient(waiting, { signal: fence.signal, refusal: () => refusal });
    const inFlight = open.create(configMap);
    fence.abort(new Error('leader election lost'));
    await expect(inFlight).rejects.toThrow('aborted in flight');
  });

  it('without a signal passes the write options through as they are, still refusing while the fence refuses', async () => {
    const seen: (CallOptions | undefined)[] = [];
    const recording = {
      ...waiting,
      create: async (_obj: KubernetesObject, options?: CallOptions) => {
        seen.push(options);
        return configMap;
      },
    } as unknown as Client;
    let refusal: Error | undefined;
    const client = fencedClient(recording, { refusal: () => refusal });
    const options = { fieldManager: 'mine' };
    await client.create(configMap, options);
    await client.create(configMap);
    expect(seen[0]).toBe(options);
    expect(seen[1]).toBeUndefined();
    refusal = new Error('stopping');
    await expect(client.create(configMap)).rejects.toThrow('unable to create ConfigMap default/x: stopping');
    expect(seen).toHaveLength(2);
  });
});
