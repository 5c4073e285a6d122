import { describe, expect, it } from '@jest/globals';
import { composeTransforms, stripManagedFields } from './transform.js';

describe('composeTransforms', () => {
  it('should strip managedFields, run user transforms in order and deep-freeze', () => {
    const t = composeTransforms([
      stripManagedFields,
      (o) => ({ ...o, metadata: { ...o.metadata, labels: { seen: 'yes' } } }),
    ]);
    const out = t({ metadata: { name: 'x', managedFields: [{}] }, data: { a: { b: 1 } } } as never) as never as {
      metadata: { managedFields?: unknown; labels: Record<string, string> };
      data: { a: { b: number } };
    };
    expect(out.metadata.managedFields).toBeUndefined();
    expect(out.metadata.labels).toEqual({ seen: 'yes' });
    expect(Object.isFrozen(out.data.a)).toBe(true);
    expect(() => {
      out.data.a.b = 2;
    }).toThrow(TypeError);
  });
});
