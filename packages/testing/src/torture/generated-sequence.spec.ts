import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { describeSequence, sequenceArbitrary, sequenceSteps } from './generated-sequence.js';
import type { SchemaNode } from './spec-arbitrary.js';

const ref = { apiVersion: 'example.operant.test/v1', kind: 'Widget', name: 'generated' };

const schema: SchemaNode = {
  type: 'object',
  properties: {
    replicas: { type: 'integer', minimum: 0, maximum: 3 },
    zone: { type: 'string', enum: ['a', 'b', 'c'], 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
  },
};

describe('sequenceSteps', () => {
  it('creates with the first spec, replaces the spec with each next one, and deletes last', () => {
    const steps = sequenceSteps(
      { specs: [{ replicas: 1, zone: 'a' }, { zone: 'a', nested: { x: 1 } }, { nested: {} }], deleted: true },
      ref,
    );
    const { apiVersion, kind } = ref;
    expect(steps).toEqual([
      {
        action: 'apply',
        object: { apiVersion, kind, metadata: { name: 'generated' }, spec: { replicas: 1, zone: 'a' } },
      },
      { action: 'patch', object: ref, patch: { spec: { replicas: null, zone: 'a', nested: { x: 1 } } } },
      { action: 'patch', object: ref, patch: { spec: { zone: null, nested: { x: null } } } },
      { action: 'delete', object: ref },
    ]);
  });

  it('describes the sequence a line per step', () => {
    expect(describeSequence({ specs: [{ replicas: 0 }, {}], deleted: true }, ref)).toEqual([
      '1. create Widget generated with spec {"replicas":0}',
      '2. change the spec to {}',
      '3. delete it',
    ]);
  });
});

describe('sequenceArbitrary', () => {
  const sequences = fc.sample(sequenceArbitrary(schema, 4, true), { seed: 3, numRuns: 200 });

  it('makes 1 to maxSpecs specs, some sequences ending in a delete', () => {
    expect(sequences.every((s) => s.specs.length >= 1 && s.specs.length <= 4)).toBe(true);
    expect(sequences.some((s) => s.specs.length === 4)).toBe(true);
    expect(sequences.some((s) => s.deleted)).toBe(true);
    expect(fc.sample(sequenceArbitrary(schema, 4, false), { seed: 3, numRuns: 50 }).some((s) => s.deleted)).toBe(false);
  });

  it('keeps a field a transition rule holds at its value once it is set', () => {
    for (const { specs } of sequences) {
      specs.slice(1).forEach((spec, i) => {
        const before = specs[i]?.zone;
        if (before !== undefined && spec.zone !== undefined) expect(spec.zone).toBe(before);
      });
    }
    expect(sequences.some(({ specs }) => new Set(specs.map((s) => s.zone)).size > 1)).toBe(true);
  });
});
