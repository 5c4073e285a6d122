import { describe, expect, it } from '@jest/globals';
import { allows, applyAllow } from './allow.js';
import { type Change, change } from './change.js';

const at = { crd: 'widgets.demo.operant.dev', version: 'v1' };
const maximum: Change = change('maximum', { ...at, path: 'spec.replicas' }, 'maximum lowered from 10 to 5');
const removal: Change = change('existingFieldRemoval', { ...at, path: 'spec.ports[*].port' }, 'field port removed');
const storage: Change = change('storageVersion', { crd: at.crd }, 'storage version changed from v1 to v2');

describe('--allow', () => {
  it('matches a rule name, a CRD name, a field path and what is below it', () => {
    expect(allows('maximum', maximum)).toBe(true);
    expect(allows('storageVersion', storage)).toBe(true);
    expect(allows('widgets.demo.operant.dev', storage)).toBe(true);
    expect(allows('spec.replicas', maximum)).toBe(true);
    expect(allows('spec.ports', removal)).toBe(true);
    expect(allows('spec', maximum)).toBe(true);
    expect(allows('spec.rep', maximum)).toBe(false);
    expect(allows('minimum', maximum)).toBe(false);
    expect(allows('spec.replicas', storage)).toBe(false);
  });

  it('matches rule:path and paths prefixed by version or CRD and version', () => {
    expect(allows('maximum:spec.replicas', maximum)).toBe(true);
    expect(allows('minimum:spec.replicas', maximum)).toBe(false);
    expect(allows('v1/spec.replicas', maximum)).toBe(true);
    expect(allows('v2/spec.replicas', maximum)).toBe(false);
    expect(allows('widgets.demo.operant.dev/v1/spec.replicas', maximum)).toBe(true);
    expect(allows('gadgets.demo.operant.dev/v1/spec.replicas', maximum)).toBe(false);
    expect(allows('maximum:v1/spec.replicas', maximum)).toBe(true);
  });

  it('splits changes into reported and allowed', () => {
    expect(applyAllow([maximum, removal, storage], ['maximum', 'storageVersion'])).toEqual({
      reported: [removal],
      allowed: [maximum, storage],
    });
  });
});
