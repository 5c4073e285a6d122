import { describe, expect, it } from '@jest/globals';
import { clientCall, resourceOf } from './client-call.js';

describe('resourceOf', () => {
  it.each([
    ['/api/v1/namespaces/ns/configmaps/a', 'configmaps'],
    ['/api/v1/namespaces/ns/configmaps', 'configmaps'],
    ['/api/v1/namespaces/ns', 'namespaces'],
    ['/api/v1/nodes/n1', 'nodes'],
    ['/apis/apps/v1/namespaces/ns/deployments/d/status', 'deployments/status'],
    ['/apis/core.operant.test/v1/widgets', 'widgets'],
  ])('%s → %s', (path, resource) => {
    expect(resourceOf(path)).toBe(resource);
  });
});

describe('clientCall', () => {
  it('records the answer of a write made on behalf of a reconcile, and nothing else', () => {
    const wrote: [string, unknown][] = [];
    const run = {
      controller: 'c',
      readYourWrites: true,
      wrote: (verb: string, obj: unknown) => wrote.push([verb, obj]),
    };
    expect(clientCall('GET', '/api/v1/namespaces/ns/configmaps/a', run)).toBeUndefined();
    expect(clientCall('PUT', '/api/v1/namespaces/ns/configmaps/a', { controller: 'c', readYourWrites: true })).toBe(
      undefined,
    );
    expect(clientCall('PUT', '/api/v1/namespaces/ns/configmaps/a', undefined)).toBeUndefined();
    const call = clientCall('PATCH', '/api/v1/namespaces/ns/configmaps/a', run);
    const answer = { kind: 'ConfigMap', metadata: { resourceVersion: '3' } };
    call?.answered(answer);
    clientCall('POST', '/api/v1/namespaces/ns/configmaps', run)?.failed(new Error('refused'));
    expect(wrote).toEqual([['PATCH', answer]]);
  });
});
