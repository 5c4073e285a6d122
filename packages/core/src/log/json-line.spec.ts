// One log line of JSON as winston's json format writes it: sorted keys at every depth, a
// bigint as text, a cycle as "[Circular]", toJSON honoured, undefined and functions left out.
import { describe, expect, it } from '@jest/globals';
import { jsonLine } from './json-line.js';

describe('jsonLine', () => {
  it('writes what winston wrote', () => {
    const self: Record<string, unknown> = { name: 'loop' };
    self.self = self;
    const line = jsonLine({
      z: 1,
      a: { y: [3, undefined, () => 0], b: 2n },
      at: new Date('2026-12-05T00:00:00Z'),
      gone: undefined,
      inf: Number.POSITIVE_INFINITY,
      self,
    });
    expect(line).toBe(
      '{"a":{"b":"2","y":[3,null,null]},"at":"2026-12-05T00:00:00.000Z","inf":null,"self":{"name":"loop","self":"[Circular]"},"z":1}',
    );
  });
});
