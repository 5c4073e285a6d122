import { describe, expect, it } from '@jest/globals';
import {
  composeTransforms,
  keepManagedFields,
  managedFieldsKept,
  stripManagedFields,
  stripManagedFieldsExcept,
} from './transform.js';

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

describe('stripManagedFieldsExcept', () => {
  const entries = [
    { manager: 'widget-controller', operation: 'Apply', fieldsV1: { 'f:data': {} } },
    { manager: 'widget-controller', operation: 'Apply', subresource: 'status', fieldsV1: {} },
    { manager: 'widget-controller', operation: 'Update', fieldsV1: {} },
    { manager: 'kubectl-edit', operation: 'Update', fieldsV1: {} },
  ];
  const object = () => ({ metadata: { name: 'x', managedFields: entries } }) as never;

  it("should strip every entry until a manager is kept, then keep that manager's Apply entry of the object only", () => {
    const t = composeTransforms([stripManagedFieldsExcept()]);
    const kept = managedFieldsKept(t);
    expect(kept?.size).toBe(0);
    expect((t(object()) as { metadata: object }).metadata).toEqual({ name: 'x' });
    expect(keepManagedFields(t, 'widget-controller')).toBe(true);
    expect(kept).toEqual(new Set(['widget-controller']));
    expect((t(object()) as { metadata: object }).metadata).toEqual({ name: 'x', managedFields: [entries[0]] });
    expect((t({ metadata: { name: 'y' } } as never) as { metadata: object }).metadata).toEqual({ name: 'y' });
  });

  it('should say whether objects will carry the entry: never through stripManagedFields, always when nothing strips', () => {
    expect(keepManagedFields(composeTransforms([stripManagedFields]), 'widget-controller')).toBe(false);
    expect(keepManagedFields(composeTransforms([(o) => o]), 'widget-controller')).toBe(true);
  });
});
