import { describe, expect, it } from '@jest/globals';
import { mergeFrom } from '@operant/core/client';
import fc from 'fast-check';
import { applyJsonPatch, applyMergePatch, jsonEqual, PatchApplyError } from './json.js';

// JSON objects without nulls (a merge patch cannot set a null) and with non-empty keys
const key = fc.string({ minLength: 1, maxLength: 4 }).filter((k) => k !== '__proto__');
const scalar = fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 4 }));
const { object } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(scalar, { maxLength: 3 }), tie('object')),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
}));

describe('applyMergePatch', () => {
  it("turns the original into the modified object with core's mergeFrom patch", () => {
    fc.assert(
      fc.property(object, object, (original, modified) => {
        const patched = applyMergePatch(structuredClone(original), mergeFrom(original, modified).data);
        expect(jsonEqual(patched, modified)).toBe(true);
      }),
    );
  });
});

describe('applyJsonPatch', () => {
  it('adds, replaces, moves, copies and removes, and refuses a failed test or a missing path', () => {
    const doc = { a: { b: [1, 2] }, c: 'x' };
    expect(
      applyJsonPatch(doc, [
        { op: 'add', path: '/a/b/1', value: 9 },
        { op: 'copy', from: '/c', path: '/d' },
        { op: 'move', from: '/c', path: '/e' },
        { op: 'replace', path: '/a/b/0', value: 0 },
        { op: 'remove', path: '/a/b/2' },
        { op: 'test', path: '/d', value: 'x' },
      ]),
    ).toEqual({ a: { b: [0, 9] }, d: 'x', e: 'x' });
    expect(doc).toEqual({ a: { b: [1, 2] }, c: 'x' });
    expect(() => applyJsonPatch(doc, [{ op: 'test', path: '/c', value: 'y' }])).toThrow(PatchApplyError);
    expect(() => applyJsonPatch(doc, [{ op: 'remove', path: '/nope' }])).toThrow('path "/nope" does not exist');
    expect(() => applyJsonPatch(doc, [{ op: 'add', path: '/a/b/5', value: 1 }])).toThrow('index out of range');
  });
});
