import { describe, expect, it } from '@jest/globals';
import { composeTransforms, managedFieldsKept, stripManagedFields } from './transform.js';
import { copyWireObject } from './wire-copy.js';

const wire = () =>
  JSON.parse(
    '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"n","labels":{"x":"1"},' +
      '"managedFields":[{"manager":"m","fieldsV1":{"f:data":{}}}]},"data":{"__proto__":"p","k":"v"},' +
      '"list":[1,null,{"b":[true]}]}',
  );

describe('copyWireObject', () => {
  it('copies every level, so changing the copy leaves the original alone', () => {
    const original = wire();
    const copy = copyWireObject(original, false);
    expect(copy).toEqual(original);
    copy.metadata.labels.x = '2';
    copy.list[2].b.push(false);
    expect(original.metadata.labels.x).toBe('1');
    expect(original.list[2].b).toEqual([true]);
    expect(copy.metadata.managedFields).toHaveLength(1);
  });

  it('leaves managedFields out when asked, and nothing else', () => {
    const copy = copyWireObject(wire(), true);
    expect(copy.metadata).toEqual({ name: 'a', namespace: 'n', labels: { x: '1' } });
    expect(copy.list).toEqual([1, null, { b: [true] }]);
  });

  it('keeps a data key named __proto__ as data, not as the prototype', () => {
    const copy = copyWireObject(wire(), true);
    expect(Object.getPrototypeOf(copy.data)).toBe(Object.prototype);
    expect(Object.keys(copy.data)).toEqual(['__proto__', 'k']);
    expect(Object.getOwnPropertyDescriptor(copy.data, '__proto__')?.value).toBe('p');
  });
});

describe('managedFieldsKept', () => {
  it('tells composed transforms that strip managedFields (keeping none, for good) from those that do not', () => {
    expect(managedFieldsKept(composeTransforms([stripManagedFields, (o) => o]))?.size).toBe(0);
    expect(managedFieldsKept(composeTransforms([(o) => o]))).toBeUndefined();
    expect(managedFieldsKept(stripManagedFields)).toBeUndefined();
  });
});
