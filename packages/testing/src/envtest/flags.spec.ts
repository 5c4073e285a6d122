import { describe, expect, it } from '@jest/globals';
import { mergeFeatureGates, mergeFlags, renderFlags } from './flags.js';

describe('flags', () => {
  it('lets later layers override, repeat or remove a flag', () => {
    const merged = mergeFlags(
      { 'log-level': 'warn', 'unsafe-no-fsync': 'true', 'feature-gates': 'A=true' },
      { 'unsafe-no-fsync': null, 'feature-gates': ['A=true', 'B=false'] },
      { name: 'default' },
    );
    expect(renderFlags(merged)).toEqual([
      '--log-level=warn',
      '--feature-gates=A=true',
      '--feature-gates=B=false',
      '--name=default',
    ]);
  });

  it('combines feature gates per gate: the later layer wins for a gate, the others are kept', () => {
    const defaults = 'ShardedListAndWatch=true';
    expect(mergeFeatureGates(defaults, undefined)).toBe('ShardedListAndWatch=true');
    expect(mergeFeatureGates(defaults, 'ShardedListAndWatch=false')).toBe('ShardedListAndWatch=false');
    expect(mergeFeatureGates(defaults, 'A=true, B=false')).toBe('ShardedListAndWatch=true,A=true,B=false');
    expect(mergeFeatureGates(defaults, ['A=true', 'ShardedListAndWatch=false,B=true'])).toBe(
      'ShardedListAndWatch=false,A=true,B=true',
    );
    // the last word on a gate counts, within one layer too
    expect(mergeFeatureGates(defaults, 'ShardedListAndWatch=false,ShardedListAndWatch=true')).toBe(
      'ShardedListAndWatch=true',
    );
    expect(mergeFeatureGates(defaults, '')).toBe('ShardedListAndWatch=true');
    // null drops the defaults too: the server's own defaults apply
    expect(mergeFeatureGates(defaults, null)).toBeNull();
    expect(mergeFeatureGates(defaults, null, 'A=true')).toBe('A=true');
    // kept as written, for kube-apiserver to refuse with its own message
    expect(mergeFeatureGates(defaults, 'Broken')).toBe('ShardedListAndWatch=true,Broken');
  });
});
