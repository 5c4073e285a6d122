/**
 * What the kind tokens say about timestamps, checked by the compiler (`pnpm typecheck`):
 * an object read through a token has its `Date` fields as RFC 3339 strings, as the API
 * server sends them, and a client-node object with `Date`s is still accepted as input.
 */
import { describe, expect, it } from '@jest/globals';
import type { V1Job } from '@kubernetes/client-node';
import { parseTime, type Time, type Wire } from '../api/time.js';
import { Job, Lease, Pod } from '../resources/kinds.js';
import type { Client } from './interfaces.js';

/** Compiled, never run: the checks are the compiler's. */
export async function compiles(client: Client): Promise<unknown[]> {
  const key = { namespace: 'ns', name: 'j' };
  const job = await client.get(Job, key);
  const started: Date | undefined = parseTime(job.status?.startTime);
  const created: Time | undefined = job.metadata?.creationTimestamp;
  const pods = await client.list(Pod, { namespace: 'ns' });
  const transitions = pods.items.flatMap((p) => p.status?.conditions ?? []).map((c) => parseTime(c.lastTransitionTime));
  const renewed = parseTime((await client.get(Lease, key)).spec?.renewTime);
  // a client-node object is accepted where one is written; JSON.stringify writes its Dates as ISO strings
  const clientNodeJob: V1Job = { metadata: { name: 'j', namespace: 'ns' }, status: { startTime: new Date() } };
  const wireJob: Wire<V1Job> = {
    metadata: { name: 'j', namespace: 'ns' },
    status: { startTime: '2026-12-04T19:00:00Z' },
  };
  return [started, created, transitions, renewed, client.create(clientNodeJob), client.create(wireJob)];
}

export async function refuses(client: Client): Promise<unknown[]> {
  const job = await client.get(Job, { namespace: 'ns', name: 'j' });
  return [
    // @ts-expect-error a timestamp read from the API server is a string, not a Date
    job.status?.startTime?.getTime(),
    // @ts-expect-error so is metadata.creationTimestamp
    job.metadata?.creationTimestamp?.getTime(),
    // @ts-expect-error and the items of a list
    (await client.list(Job)).items[0]?.status?.completionTime?.getTime(),
    // @ts-expect-error a Date is not what the wire carries
    { status: { startTime: new Date() } } satisfies Wire<V1Job>,
  ];
}

describe('the kind tokens', () => {
  it('should type timestamps as strings (see compiles and refuses above)', () => {
    expect(Job.kind).toBe('Job');
  });
});
