/**
 * Timestamps on the wire: a client-node object whose `Date`s `JSON.stringify` writes with
 * milliseconds is accepted for `metav1.Time` fields, which the API server stores in whole
 * seconds; what comes back is the string the kind tokens' types say (`Wire<T>`). A
 * `metav1.MicroTime` field wants six fractional digits, so a `Date` there is refused (400) and
 * `formatMicroTime` is the way to write one.
 */
import { expect, it } from '@jest/globals';
import type { CoreV1Event, V1Lease } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { ClientError } from '../src/api/status-error.js';
import { formatMicroTime, parseTime } from '../src/api/time.js';
import { ApiClient } from '../src/client/api-client.js';
import { Event, Lease } from '../src/resources/kinds.js';
import { newNamespace } from './fixtures/helpers.js';

describeWithControlPlane('timestamps on the wire', () => {
  const api = new ApiClient({ kubeConfig: sharedKubeConfig() });

  it('should accept a Date for a Time field and hand it back as an RFC 3339 string in whole seconds', async () => {
    const namespace = await newNamespace(api, 'time-wire');
    const event: CoreV1Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { namespace, name: 'e' },
      involvedObject: { kind: 'Pod', namespace, name: 'p' },
      firstTimestamp: new Date('2026-12-04T19:00:00.789Z'),
    };
    await api.create(event);

    const read = await api.get(Event, { namespace, name: 'e' });
    expect(read.firstTimestamp).toBe('2026-12-04T19:00:00Z');
    expect(typeof read.metadata?.creationTimestamp).toBe('string');
    expect(parseTime(read.firstTimestamp)?.getTime()).toBe(Date.UTC(2026, 11, 4, 19, 0, 0));
  });

  it('should refuse a Date for a MicroTime field and accept formatMicroTime', async () => {
    const namespace = await newNamespace(api, 'time-wire');
    const at = new Date('2026-12-04T19:00:00.789Z');
    const withDate: V1Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { namespace, name: 'a' },
      spec: { renewTime: at },
    };
    const refused = await api.create(withDate).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(ClientError.is(refused, 'badRequest')).toBe(true);
    expect((refused as Error).message).toContain('cannot parse ".789Z" as ".000000"');

    await api.create({ ...withDate, spec: { renewTime: formatMicroTime(at) } });
    const read = await api.get(Lease, { namespace, name: 'a' });
    expect(read.spec?.renewTime).toBe('2026-12-04T19:00:00.789000Z');
  });
});
