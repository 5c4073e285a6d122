import { describe, expect, it } from '@jest/globals';
import { Store } from './store.js';

const pod = (ns: string, name: string, node: string) => ({ metadata: { namespace: ns, name }, spec: { node } });

describe('Store', () => {
  it('should keep indexes in step with adds, updates and deletes', () => {
    const store = new Store();
    store.set(pod('a', 'p1', 'n1'));
    store.addIndex('spec.node', (o) => [(o as ReturnType<typeof pod>).spec.node]);
    store.set(pod('a', 'p2', 'n1'));
    expect(
      store
        .byIndex('spec.node', 'n1')
        ?.map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['p1', 'p2']);
    store.set(pod('a', 'p1', 'n2'));
    expect(store.byIndex('spec.node', 'n1')?.map((o) => o.metadata?.name)).toEqual(['p2']);
    expect(store.byIndex('spec.node', 'n2')?.map((o) => o.metadata?.name)).toEqual(['p1']);
    store.delete('a/p2');
    expect(store.byIndex('spec.node', 'n1')).toEqual([]);
    expect(store.byIndex('missing', 'x')).toBeUndefined();
    expect(store.size).toBe(1);
  });
});
