/**
 * `Sharding`: what a manager with `sharding` on builds (docs/sharding.md): the member's
 * `ShardMembership` (its Lease in the group), the `ShardCoordinator` (a runnable on every
 * replica), a `RangeGate` per sharded controller, the sharded kinds' informer scopes, the
 * shard metrics and the `sharding` readiness check. `prepare()` runs before the manager
 * starts anything: it decides the mode (the API server's `shardSelector` when it applies it,
 * else range labels written by one elected `RangeLabeler`) and narrows the sharded kinds'
 * informers to nothing, so no replica ever lists a whole sharded kind.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Runnable } from '../api/runnable.js';
import type { ShardGate } from '../api/shard-gate.js';
import type { Cache } from '../cache/cache.js';
import type { Client } from '../client/interfaces.js';
import type { RestClient } from '../client/rest.js';
import { sleep } from '../internal/backoff.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { gvkString, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { DEFAULT_VIRTUAL_NODES } from './assign.js';
import type { ShardingRuntime, ShardMode, ShardState } from './contracts.js';
import { ShardCoordinator } from './coordinator.js';
import { detectShardSelector } from './detect.js';
import { RangeGate } from './gate.js';
import { RangeLabeler } from './labeler.js';
import { SHARD_RANGE_LABEL } from './labels.js';
import { ShardMembership } from './membership.js';
import { shardingMetrics } from './metrics.js';
import type { ShardingOptions } from './options.js';
import { childRangeLabelOf } from './range-label.js';
import type { ShardKey } from './selector.js';
import { selectorBoundViolation } from './selector-bound.js';

export interface ShardingSetup {
  options: ShardingOptions;
  /** The Lease namespace when `options.namespace` is not set (the manager's). */
  namespace: string | undefined;
  /** The group when `options.group` is not set (the manager's `leaderElectionID`). */
  group: string | undefined;
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  /** Live reads and the members' Lease writes. */
  liveClient: Client;
  /** The manager's client (the labeler's writes). */
  client: Client;
  rest: RestClient;
  registry: ResourceRegistry;
  cache: Cache;
  logger: Logger;
  /** The manager's registry (the shard metrics). */
  metrics: MetricsRegistry;
  /** Adds a runnable to the manager (the labeler, in the label mode). */
  add(runnable: Runnable): void;
}

export class ShardingError extends OperantError {
  constructor(message: string) {
    super('Failed', message);
    this.name = 'ShardingError';
  }
}

export class Sharding implements ShardingRuntime {
  /** The field hashed (every member of the group uses the same). */
  readonly key: ShardKey;
  /** The range count. */
  readonly ranges: number;
  readonly coordinator: ShardCoordinator;
  readonly membership: ShardMembership;
  private readonly forKinds = new Map<string, ResourceType>();
  private readonly ownedKinds = new Map<string, ResourceType>();
  /** The sharded kinds resolved once: owners of stamped children, kind names for the metric. */
  private readonly owners: ResourceInfo[] = [];
  private readonly kindNames = new Set<string>();
  private readonly gates = new Map<string, RangeGate>();
  private readonly log: Logger;
  private readonly metrics: ReturnType<typeof shardingMetrics>;

  constructor(private readonly setup: ShardingSetup) {
    const { options } = setup;
    const namespace = options.namespace ?? setup.namespace;
    if (namespace === undefined) {
      throw new ShardingError(
        'unable to set up sharding: no namespace for the members’ Leases (not in a cluster); set sharding.namespace or leaderElectionNamespace',
      );
    }
    const group = options.group ?? setup.group ?? 'operant';
    const key = options.key ?? 'uid';
    this.key = key;
    const ranges = options.ranges ?? 4096;
    this.ranges = ranges;
    const virtualNodes = options.virtualNodes ?? DEFAULT_VIRTUAL_NODES;
    Sharding.checkSize(key, ranges, virtualNodes, options.mode ?? 'auto');
    this.log = setup.logger.child({ component: 'sharding', group });
    this.metrics = shardingMetrics(setup.metrics, () =>
      setup.cache
        .health()
        .filter((h) => this.kindNames.has(h.kind))
        .map((h) => ({ kind: h.kind, count: h.objects })),
    );
    const retryPeriodMs = options.retryPeriodMs ?? setup.retryPeriodMs ?? 2_000;
    this.membership = new ShardMembership({
      client: setup.liveClient,
      namespace,
      group,
      identity: options.identity,
      config: () => this.coordinator.config,
      leaseDurationMs: options.leaseDurationMs ?? setup.leaseDurationMs,
      renewDeadlineMs: options.renewDeadlineMs ?? setup.renewDeadlineMs,
      retryPeriodMs,
      logger: this.log,
    });
    this.coordinator = new ShardCoordinator({
      members: this.membership,
      key,
      ranges,
      virtualNodes,
      mode: () => this.decideMode(),
      retryPeriodMs,
      logger: this.log,
      metrics: this.metrics,
    });
  }

  /** Refuses ranges and virtual nodes whose worst-case selector would not fit in a request's headers. */
  private static checkSize(key: ShardKey, ranges: number, virtualNodes: number, mode: ShardMode | 'auto'): void {
    if (!Number.isInteger(Math.log2(ranges)) || !Number.isInteger(virtualNodes) || virtualNodes < 1) {
      throw new ShardingError(
        `unable to set up sharding: sharding.ranges must be a power of two (got ${ranges}) and sharding.virtualNodes a whole number ≥ 1 (got ${virtualNodes})`,
      );
    }
    const violation = selectorBoundViolation({ key, ranges, virtualNodes, mode });
    if (violation !== undefined) throw new ShardingError(`unable to set up sharding: ${violation}`);
  }

  /** The gate of a sharded controller that reconciles `type` (registers the kind). */
  gate(type: ResourceType): ShardGate {
    const info = this.setup.registry.resolve(type);
    const id = gvkString(info);
    let gate = this.gates.get(id);
    if (gate === undefined) {
      this.forKinds.set(id, type);
      this.owners.push(info);
      this.kindNames.add(info.kind);
      this.coordinator.addKind({ role: 'for', apply: (scope) => this.setup.cache.setShardScope(type, scope) });
      gate = new RangeGate(this.coordinator, this.setup.cache.getInformer(type));
      this.gates.set(id, gate);
    }
    return gate;
  }

  /** A kind a sharded controller owns: kept with its owner's shard when it can be (see the coordinator). */
  own(type: ResourceType): void {
    const info = this.setup.registry.resolve(type);
    const id = gvkString(info);
    if (this.ownedKinds.has(id) || this.forKinds.has(id)) return;
    this.ownedKinds.set(id, type);
    this.kindNames.add(info.kind);
    this.coordinator.addKind({ role: 'owned', apply: (scope) => this.setup.cache.setShardScope(type, scope) });
  }

  /**
   * A child of a sharded object (a controller ownerReference to a sharded kind) gets its
   * owner's range label, `SHARD_RANGE_LABEL` (the uid key: the owner's uid hashed; the
   * namespace key: its namespace), so the holder of the owner caches it; anything else is
   * returned as is.
   */
  stamp<T extends KubernetesObject>(obj: T): T {
    if (this.owners.length === 0) return obj;
    const range = childRangeLabelOf(obj, this.key, this.ranges, this.owners);
    if (range === undefined || obj.metadata?.labels?.[SHARD_RANGE_LABEL] === range) return obj;
    return { ...obj, metadata: { ...obj.metadata, labels: { ...obj.metadata?.labels, [SHARD_RANGE_LABEL]: range } } };
  }

  /** Before the manager starts anything: decide the mode, narrow the informers to nothing. */
  async prepare(signal: AbortSignal): Promise<boolean> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        await this.coordinator.prepare();
        return true;
      } catch (err) {
        this.log.error('unable to prepare sharding; retrying', { error: err, attempt });
        await sleep(Math.min(30_000, 500 * 2 ** attempt), signal);
      }
    }
    return false;
  }

  /** The readiness check `sharding`. */
  /** The ranges held, being taken over and being let go of, and the mode. */
  state(): ShardState {
    return this.coordinator.state();
  }

  check(): void {
    this.coordinator.check();
  }

  private async decideMode(): Promise<ShardMode> {
    const { options } = this.setup;
    const key = options.key ?? 'uid';
    let mode: ShardMode;
    const first = [...this.forKinds.values()][0];
    if (options.mode === 'server' || options.mode === 'labels') mode = options.mode;
    else if (first === undefined) mode = 'server';
    else {
      // in the namespace the operator caches, if it is confined to some (its RBAC may be)
      const namespace = this.setup.cache.scopeOf(first).namespaces?.[0];
      mode = (await detectShardSelector(this.setup.liveClient, first, key, { namespace })) ? 'server' : 'labels';
    }
    const owned = [...this.ownedKinds.values()];
    if (mode === 'labels') {
      this.log.info(
        'the API server does not apply shardSelector: one elected replica labels objects with their range',
        {
          kinds: [...this.forKinds.keys()],
        },
      );
    }
    // children hash elsewhere than their owner under the uid key: they follow its range label
    // (stamped at create by the client; the labeler stamps those made before)
    if (mode === 'labels' || (key === 'uid' && owned.length > 0)) {
      this.setup.add(
        new RangeLabeler({
          client: this.setup.client,
          rest: this.setup.rest,
          registry: this.setup.registry,
          key,
          ranges: options.ranges ?? 4096,
          kinds: mode === 'labels' ? [...this.forKinds.values()] : [],
          owners: [...this.forKinds.values()],
          owned,
          // label only what the operator caches (its namespaces and selectors), not the cluster
          scope: (info) => {
            const id = gvkString(info);
            const type = this.forKinds.get(id) ?? this.ownedKinds.get(id);
            return type === undefined ? {} : this.setup.cache.scopeOf(type);
          },
          logger: this.log,
          metrics: { labelWrites: (kind) => this.metrics.labelWrites(kind) },
        }),
      );
    }
    return mode;
  }
}
