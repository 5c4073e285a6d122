import { describe, expect, it } from '@jest/globals';
import type { JsonPatchOperation } from '../client/patch.js';
import { createJsonPatch } from './json-patch.js';

/** RFC 6902 add/remove/replace with RFC 6901 pointers, enough to check the patches round-trip. */
function apply(value: unknown, ops: readonly JsonPatchOperation[]): unknown {
  let root = structuredClone(value);
  for (const op of ops) {
    const keys = op.path
      .split('/')
      .slice(1)
      .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    if (keys.length === 0) {
      root = structuredClone(op.value);
      continue;
    }
    let parent = root as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
    const last = keys.at(-1) as string;
    if (op.op === 'add' && Object.hasOwn(parent, last)) throw new Error(`add over an existing member at ${op.path}`);
    if (op.op !== 'add' && !Object.hasOwn(parent, last)) throw new Error(`${op.op} of a missing member at ${op.path}`);
    if (op.op === 'remove') delete parent[last];
    else parent[last] = structuredClone(op.value);
  }
  return root;
}

describe('createJsonPatch', () => {
  const before = {
    apiVersion: 'v1',
    metadata: { name: 'a', labels: { 'app.kubernetes.io/name': 'x', gone: 'y' } },
    spec: { replicas: 1, ports: [{ port: 80 }], nested: { deep: { keep: true } }, tilde: { 'a~b': 1 } },
  };

  it('is empty for equal values, whatever the key order', () => {
    expect(createJsonPatch(before, structuredClone(before))).toEqual([]);
    expect(createJsonPatch({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });

  it('adds, removes and replaces at escaped paths, and the patch turns before into after', () => {
    const after = structuredClone(before) as unknown as {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: { replicas: number; ports: { port: number }[]; tilde: Record<string, number> };
    };
    after.metadata.labels['app.kubernetes.io/name'] = 'z';
    delete after.metadata.labels.gone;
    after.metadata.annotations = { 'x/y': 'new' };
    after.spec.replicas = 3;
    after.spec.ports.push({ port: 443 });
    after.spec.tilde['a~b'] = 2;
    const ops = createJsonPatch(before, after);
    expect(ops).toEqual([
      { op: 'remove', path: '/metadata/labels/gone' },
      { op: 'replace', path: '/metadata/labels/app.kubernetes.io~1name', value: 'z' },
      { op: 'add', path: '/metadata/annotations', value: { 'x/y': 'new' } },
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'replace', path: '/spec/ports', value: [{ port: 80 }, { port: 443 }] },
      { op: 'replace', path: '/spec/tilde/a~0b', value: 2 },
    ]);
    expect(apply(before, ops)).toEqual(after);
  });

  it('treats undefined members as absent and replaces across types', () => {
    expect(createJsonPatch({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(createJsonPatch({ a: { b: 1 } }, { a: [1] })).toEqual([{ op: 'replace', path: '/a', value: [1] }]);
    expect(createJsonPatch({ a: null }, { a: { b: 1 } })).toEqual([{ op: 'replace', path: '/a', value: { b: 1 } }]);
  });

  it('serializes class instances and dates as JSON does', () => {
    class Spec {
      constructor(readonly size: number) {}
    }
    const ops = createJsonPatch({ spec: { size: 1 } }, { spec: new Spec(2), at: new Date(0) });
    expect(ops).toEqual([
      { op: 'replace', path: '/spec/size', value: 2 },
      { op: 'add', path: '/at', value: '1970-01-01T00:00:00.000Z' },
    ]);
  });
});
