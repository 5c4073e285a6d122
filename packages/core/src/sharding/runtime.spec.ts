/**
 * A manager with sharding refuses, when it is built, a configuration whose worst-case
 * selector cannot fit in a request's headers, naming the option and the figures; the
 * defaults pass.
 */
import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { ControllerManager } from '../manager/manager.js';
import type { ShardingOptions } from './options.js';
import { ShardingError } from './runtime.js';

// nothing is started, so nothing talks to the (unreachable) server
const build = (sharding: ShardingOptions) =>
  new ControllerManager({ kubeConfig: unreachableKubeConfig(), sharding: { namespace: 'ops', ...sharding } });

describe('Sharding', () => {
  it('builds with the defaults, as the scaffold runs it', () => {
    const mgr = build({});
    expect(mgr.sharding?.ranges).toBe(4096);
    expect(mgr.sharding?.coordinator.config).toBe('uid/4096/ring-128/undecided');
  });

  it('refuses virtual nodes whose shardSelector could pass 32 KiB, naming the option and the figures', () => {
    expect(() => build({ virtualNodes: 400 })).toThrow(ShardingError);
    expect(() => build({ virtualNodes: 400 })).toThrow(
      "unable to set up sharding: sharding.virtualNodes 400 lets a member's shardSelector reach 39706 bytes of query string (401 terms), over the bound of 32768; use at most 329",
    );
    expect(build({ virtualNodes: 329 }).sharding?.coordinator.config).toBe('uid/4096/ring-329/undecided');
  });

  it('refuses ranges whose label selector could pass 32 KiB, and ranges that are not a power of two', () => {
    expect(() => build({ ranges: 8192 })).toThrow(
      /^unable to set up sharding: sharding\.ranges 8192 lets a member's range label selector reach 56280 bytes/,
    );
    expect(() => build({ ranges: 1000 })).toThrow(
      'unable to set up sharding: sharding.ranges must be a power of two (got 1000) and sharding.virtualNodes a whole number ≥ 1 (got 128)',
    );
    // the server mode over namespaces sends no range label selector
    expect(build({ ranges: 8192, mode: 'server', key: 'namespace' }).sharding?.ranges).toBe(8192);
  });
});
