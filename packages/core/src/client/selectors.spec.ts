import { describe, expect, it } from '@jest/globals';
import { compileFieldSelector, compileLabelSelector, fieldSelectorString, labelSelectorString } from './selectors.js';

describe('labelSelectorString', () => {
  it('should render matchLabels and matchExpressions the way the API server parses them', () => {
    expect(
      labelSelectorString({
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['b', 'a'] },
          { key: 'env', operator: 'NotIn', values: ['prod'] },
          { key: 'owner', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('app=web,tier in (a,b),env notin (prod),owner,!legacy');
  });
});

describe('compileLabelSelector', () => {
  const m = compileLabelSelector('app=web, tier in (a,b), !legacy, env!=prod');
  it('should match labels that satisfy every requirement', () => {
    expect(m.matches({ app: 'web', tier: 'a' })).toBe(true);
    expect(m.matches({ app: 'web', tier: 'b', env: 'dev' })).toBe(true);
  });
  it('should reject labels that miss one requirement', () => {
    expect(m.matches({ app: 'web', tier: 'c' })).toBe(false);
    expect(m.matches({ app: 'web', tier: 'a', legacy: '' })).toBe(false);
    expect(m.matches({ app: 'web', tier: 'a', env: 'prod' })).toBe(false);
    expect(m.matches(undefined)).toBe(false);
  });
  it('should match everything when empty', () => {
    expect(compileLabelSelector('').matches(undefined)).toBe(true);
  });
  it('should throw on syntax it cannot parse', () => {
    expect(() => compileLabelSelector('a in b')).toThrow('unable to parse label selector');
  });
});

describe('compileFieldSelector', () => {
  it('should compare dotted paths as strings, missing as empty', () => {
    const obj = { metadata: { name: 'x', namespace: 'ns' }, spec: { replicas: 3 } };
    expect(compileFieldSelector({ 'metadata.name': 'x', 'spec.replicas': '3' }).matches(obj)).toBe(true);
    expect(compileFieldSelector('metadata.namespace!=ns').matches(obj)).toBe(false);
    expect(compileFieldSelector('spec.nodeName=').matches(obj)).toBe(true);
    expect(fieldSelectorString({ a: 'b', c: 'd' })).toBe('a=b,c=d');
  });
});
