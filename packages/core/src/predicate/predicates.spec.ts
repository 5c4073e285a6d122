import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject, ObjectMeta } from '../api/object.js';
import { applies } from './funcs.js';
import {
  and,
  annotationChanged,
  funcs,
  generationChanged,
  labelChanged,
  labelSelector,
  namespace,
  not,
  or,
  resourceVersionChanged,
} from './index.js';

const obj = (metadata: ObjectMeta): KubernetesObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata });
const base = {
  name: 'a',
  namespace: 'ns',
  generation: 1,
  resourceVersion: '10',
  labels: { app: 'web' },
  annotations: { x: '1' },
};
const update = (changes: Partial<ObjectMeta>) => ({ objectOld: obj(base), objectNew: obj({ ...base, ...changes }) });

describe('update predicates: truth tables', () => {
  const cases = {
    'nothing changed (resync)': update({}),
    'status only (new resourceVersion)': update({ resourceVersion: '11' }),
    'spec (new generation)': update({ resourceVersion: '11', generation: 2 }),
    'label value': update({ resourceVersion: '11', labels: { app: 'db' } }),
    'label added': update({ resourceVersion: '11', labels: { app: 'web', tier: 'x' } }),
    'annotation removed': update({ resourceVersion: '11', annotations: {} }),
  };
  const table: [string, ReturnType<typeof generationChanged>, boolean[]][] = [
    ['generationChanged', generationChanged(), [false, false, true, false, false, false]],
    ['resourceVersionChanged', resourceVersionChanged(), [false, true, true, true, true, true]],
    ['labelChanged', labelChanged(), [false, false, false, true, true, false]],
    ['annotationChanged', annotationChanged(), [false, false, false, false, false, true]],
  ];
  for (const [name, predicate, expected] of table) {
    it(`${name}`, () => {
      expect(Object.values(cases).map((event) => applies([predicate], 'update', event))).toEqual(expected);
    });
  }

  it('lets create, delete and generic events through', () => {
    for (const [, predicate] of table) {
      expect(applies([predicate], 'create', { object: obj(base), isInInitialList: false })).toBe(true);
      expect(applies([predicate], 'delete', { object: obj(base), deleteStateUnknown: false })).toBe(true);
      expect(applies([predicate], 'generic', { object: obj(base) })).toBe(true);
    }
  });
});

describe('object predicates', () => {
  const web = { object: obj(base), isInInitialList: false };
  const other = { object: obj({ ...base, namespace: 'other', labels: { app: 'db' } }), isInInitialList: false };

  it('labelSelector matches labels for every event kind, string or object form', () => {
    for (const selector of ['app=web', { matchLabels: { app: 'web' } }, 'app in (web,api)']) {
      const p = labelSelector(selector);
      expect([applies([p], 'create', web), applies([p], 'create', other)]).toEqual([true, false]);
      expect(applies([p], 'update', { objectOld: other.object, objectNew: web.object })).toBe(true);
      expect(applies([p], 'delete', { object: other.object, deleteStateUnknown: true })).toBe(false);
    }
    const p = labelSelector({ matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] });
    expect(applies([p], 'generic', { object: obj({ name: 'n' }) })).toBe(true);
    expect(applies([p], 'generic', web)).toBe(false);
  });

  it('namespace passes only the listed namespaces', () => {
    const p = namespace('ns', 'kube-system');
    expect([applies([p], 'create', web), applies([p], 'create', other)]).toEqual([true, false]);
  });
});

describe('combinators', () => {
  const t = funcs({ create: () => true });
  const f = funcs({ create: () => false });
  const e = { object: obj(base), isInInitialList: false };

  it('and / or / not follow boolean logic per event kind, with missing methods passing', () => {
    expect([and(t, t), and(t, f), and(f, f)].map((p) => applies([p], 'create', e))).toEqual([true, false, false]);
    expect([or(t, f), or(f, f), or()].map((p) => applies([p], 'create', e))).toEqual([true, false, false]);
    expect([not(t), not(f)].map((p) => applies([p], 'create', e))).toEqual([false, true]);
    // funcs without an update method passes updates; not() of it blocks them
    expect(applies([f], 'update', update({}))).toBe(true);
    expect(applies([not(f)], 'update', update({}))).toBe(false);
  });

  it('applies requires every predicate of a list', () => {
    expect(applies([t, t], 'create', e)).toBe(true);
    expect(applies([t, f], 'create', e)).toBe(false);
    expect(applies([], 'create', e)).toBe(true);
  });
});
