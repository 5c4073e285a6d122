import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import { Conversions, decodeConversionReview } from './conversion.js';

type Obj = KubernetesObject & { spec: Record<string, unknown> };

/** v1 has `size`, v2 (hub) has `replicas`, v3 has `count` and a `tier` kept in an annotation elsewhere. */
function conversions(): Conversions {
  const c = new Conversions();
  c.setHub('example.com', 'Widget', 'v2');
  c.addSpoke('example.com', 'Widget', 'v1', {
    toHub: (o) => ({ ...o, spec: { replicas: (o as Obj).spec.size } }),
    fromHub: (o) => ({ ...o, spec: { size: (o as Obj).spec.replicas } }),
  });
  c.addSpoke('example.com', 'Widget', 'v3', {
    toHub: (o) => ({ ...o, spec: { replicas: (o as Obj).spec.count } }),
    fromHub: (o) => ({ ...o, spec: { count: (o as Obj).spec.replicas } }),
  });
  return c;
}

const v1: Obj = {
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name: 'w', uid: 'u', resourceVersion: '7', labels: { a: 'b' } },
  spec: { size: 3 },
};

describe('Conversions', () => {
  it('converts spoke to spoke through the hub, keeping metadata, setting apiVersion and kind', async () => {
    expect(await conversions().convert(v1, 'example.com/v3')).toEqual({
      ...v1,
      apiVersion: 'example.com/v3',
      spec: { count: 3 },
    });
    expect(await conversions().convert(v1, 'example.com/v2')).toEqual({
      ...v1,
      apiVersion: 'example.com/v2',
      spec: { replicas: 3 },
    });
  });

  it('returns an object already in the desired version as it is', async () => {
    expect(await conversions().convert(v1, 'example.com/v1')).toBe(v1);
  });

  it('keeps metadata fields a converter changed, except labels and annotations', async () => {
    const c = new Conversions();
    c.setHub('example.com', 'Widget', 'v2');
    c.addSpoke('example.com', 'Widget', 'v1', {
      toHub: (o) => ({ ...o, metadata: { name: 'renamed', annotations: { note: 'x' } } }),
      fromHub: (o) => o,
    });
    const out = await c.convert(v1, 'example.com/v2');
    expect(out.metadata).toEqual({ ...v1.metadata, labels: undefined, annotations: { note: 'x' } });
    expect(out.metadata).not.toHaveProperty('labels');
  });

  it('answers a review with every object converted, or a failure naming the object', async () => {
    const c = conversions();
    const ok = await c.review({
      uid: 'r1',
      desiredAPIVersion: 'example.com/v2',
      objects: [v1, { ...v1, spec: { size: 4 } }],
    });
    expect(ok.response?.result).toEqual({ status: 'Success' });
    expect(ok.response?.convertedObjects.map((o) => (o as Obj).spec)).toEqual([{ replicas: 3 }, { replicas: 4 }]);
    const unknown = await c.review({ uid: 'r2', desiredAPIVersion: 'example.com/v9', objects: [v1] });
    expect(unknown.response).toEqual({
      uid: 'r2',
      convertedObjects: [],
      result: {
        status: 'Failure',
        message:
          'unable to convert Widget ns/w from example.com/v1 to example.com/v9: version v9 has no converter to the hub v2',
      },
    });
  });

  it('reports a converter that throws', async () => {
    const c = new Conversions();
    c.setHub('example.com', 'Widget', 'v2');
    c.addSpoke('example.com', 'Widget', 'v1', {
      toHub: () => {
        throw new Error('bad size');
      },
      fromHub: (o) => o,
    });
    await expect(c.convert(v1, 'example.com/v2')).rejects.toThrow(
      'unable to convert Widget ns/w from example.com/v1 to example.com/v2: bad size',
    );
  });

  it('refuses a second hub and a converter for the hub', () => {
    const c = conversions();
    expect(() => c.setHub('example.com', 'Widget', 'v1')).toThrow('the hub is v2');
    expect(() => c.addSpoke('example.com', 'Widget', 'v2', { toHub: (o) => o, fromHub: (o) => o })).toThrow(
      'the version has one already or is the hub',
    );
  });
});

describe('decodeConversionReview', () => {
  it.each([
    ['a string', 'x', 'the body is not a JSON object'],
    [
      'an AdmissionReview',
      { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' },
      'expected "ConversionReview"',
    ],
    [
      'v1beta1',
      { apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview' },
      'only apiextensions.k8s.io/v1',
    ],
    [
      'objects that are not objects',
      {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        request: { uid: 'u', desiredAPIVersion: 'a/v1', objects: [1] },
      },
      'request.objects is not a list of objects',
    ],
  ])('refuses %s', (_, body, message) => {
    expect(() => decodeConversionReview(body)).toThrow(message);
  });
});
