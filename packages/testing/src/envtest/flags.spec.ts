import { describe, expect, it } from '@jest/globals';
import { mergeFlags, renderFlags } from './flags.js';

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
});
