/**
 * The worst case of a member's selectors on the wire: an upper bound of every selector the
 * ring gives a member for 1 to 100 members at the defaults, under `MAX_SELECTOR_BYTES`, and
 * configurations that cannot fit refused with the option and the figures.
 */
import { describe, expect, it } from '@jest/globals';
import { assignRanges, DEFAULT_VIRTUAL_NODES } from './assign.js';
import { rangeLabelSelector } from './labels.js';
import { type ShardRange, shardRanges } from './ranges.js';
import { shardSelector } from './selector.js';
import {
  MAX_SELECTOR_BYTES,
  queryBytes,
  selectorBoundViolation,
  worstLabelSelectorBytes,
  worstShardSelectorBytes,
} from './selector-bound.js';

const members = (n: number) => Array.from({ length: n }, (_, i) => `replica-${i}`);

describe('the worst-case selector', () => {
  it('bounds every member’s shardSelector for 1 to 100 members at 4,096 ranges, under the limit', () => {
    const all = shardRanges(4096);
    const worst = worstShardSelectorBytes('uid', 4096, DEFAULT_VIRTUAL_NODES);
    let largest = 0;
    for (let n = 1; n <= 100; n++) {
      for (const owned of assignRanges(all, members(n)).values()) {
        const selector = shardSelector(
          'uid',
          owned.map((r) => all[r] as ShardRange),
        );
        largest = Math.max(largest, queryBytes('shardSelector', selector));
      }
    }
    process.stdout.write(`largest shardSelector, 1–100 members: ${largest} bytes; worst case ${worst}\n`);
    expect(largest).toBeLessThanOrEqual(worst);
    expect(worst).toBeLessThan(MAX_SELECTOR_BYTES / 2);
  });

  it('counts what the REST client sends: every range named by a member alone', () => {
    const all = Array.from({ length: 4096 }, (_, i) => i);
    expect(worstLabelSelectorBytes(4096)).toBe(queryBytes('labelSelector', rangeLabelSelector(all)));
    expect(queryBytes('q', "a b,(')|")).toBe('q=a+b%2C%28%27%29%7C'.length);
  });
});

describe('selectorBoundViolation', () => {
  it('accepts the defaults in every mode and with either key', () => {
    for (const mode of ['auto', 'server', 'labels'] as const) {
      for (const key of ['uid', 'namespace'] as const) {
        expect(
          selectorBoundViolation({ key, ranges: 4096, virtualNodes: DEFAULT_VIRTUAL_NODES, mode }),
        ).toBeUndefined();
      }
    }
  });

  it('refuses virtual nodes whose shardSelector can pass the bound, naming the option, the figures and what fits', () => {
    const message = selectorBoundViolation({ key: 'uid', ranges: 4096, virtualNodes: 400, mode: 'server' });
    expect(message).toMatch(
      /^sharding\.virtualNodes 400 lets a member's shardSelector reach \d+ bytes of query string \(401 terms\), over the bound of 32768; use at most \d+$/,
    );
    const most = Number(/use at most (\d+)/.exec(message ?? '')?.[1]);
    expect(worstShardSelectorBytes('uid', 4096, most)).toBeLessThanOrEqual(MAX_SELECTOR_BYTES);
    expect(worstShardSelectorBytes('uid', 4096, most + 1)).toBeGreaterThan(MAX_SELECTOR_BYTES);
    // the label mode sends no shardSelector
    expect(selectorBoundViolation({ key: 'uid', ranges: 4096, virtualNodes: 400, mode: 'labels' })).toBeUndefined();
  });

  it('refuses ranges whose label selector can pass the bound, unless only the shardSelector is used', () => {
    expect(selectorBoundViolation({ key: 'uid', ranges: 8192, virtualNodes: 128, mode: 'auto' })).toBe(
      `sharding.ranges 8192 lets a member's range label selector reach ${worstLabelSelectorBytes(8192)} bytes of query string (every range, when it is alone), over the bound of 32768; use at most 4096`,
    );
    // children under the uid key are selected by their range label even in the server mode
    expect(selectorBoundViolation({ key: 'uid', ranges: 8192, virtualNodes: 128, mode: 'server' })).toMatch(
      /^sharding\.ranges 8192/,
    );
    expect(
      selectorBoundViolation({ key: 'namespace', ranges: 65536, virtualNodes: 128, mode: 'server' }),
    ).toBeUndefined();
  });
});
