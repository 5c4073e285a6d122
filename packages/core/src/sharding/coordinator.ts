/**
 * `ShardCoordinator`: one replica's side of sharding (docs/sharding.md). From the live
 * members of its group's configuration (the membership's view; `ConfigGuard` refuses a
 * member of another) it computes who owns each range (a consistent-hash ring, the same table
 * on every member), and moves ranges with the fenced hand-off:
 *
 * - **gate**: a reconcile starts only for a range that is *active* here and while the
 *   member's own Lease is fresh (renewed less than `renewDeadline` ago, measured from the
 *   send); `admit` counts the runs in flight per range;
 * - **give up**: a held range the table gives elsewhere stops being active at once; once its
 *   in-flight runs have settled it is removed from the Lease (`setHolds`) and from the
 *   informers' scope;
 * - **take**: a range the table gives here is first written to the Lease and listed (the
 *   informers' scope grows), then activated only when a quorum read of the group's Leases
 *   shows no other live member holding it; an expired holder's Lease is deleted first (with
 *   its resourceVersion), so a member that was only frozen finds it gone and exits;
 * - **stop**: on abort nothing new starts; once the runs in flight settle, the Lease is
 *   deleted, so the others take the ranges at their next step.
 *
 * Losing the Lease (no renew within `renewDeadline`, or the Lease deleted) fails `start`:
 * the manager stops and the process exits, as on losing leader election.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Runnable } from '../api/runnable.js';
import type { ShardAdmission } from '../api/shard-gate.js';
import type { ShardScope } from '../cache/shard-scope.js';
import { sleep } from '../internal/backoff.js';
import { assignRanges, DEFAULT_VIRTUAL_NODES } from './assign.js';
import { ConfigGuard } from './config-guard.js';
import type { ShardMode, ShardState } from './contracts.js';
import { rangeLabelSelector, SHARD_RANGE_LABEL } from './labels.js';
import { shardHash } from './match.js';
import type { MemberView } from './member-view.js';
import { rangeIndex, type ShardRange, shardRanges } from './ranges.js';
import { type ShardKey, shardSelector } from './selector.js';

/** What the coordinator needs of the membership (`ShardMembership`). */
export interface Members {
  readonly identity: string;
  start(signal: AbortSignal, lost: (err: Error) => void): Promise<void>;
  view(): readonly MemberView[];
  fresh(): boolean;
  setHolds(ranges: Iterable<number>): Promise<void>;
  refresh(): Promise<readonly MemberView[]>;
  deleteExpired(identity: string): Promise<boolean>;
  onChange(listener: () => void): () => void;
  release(): Promise<void>;
}

/** A kind whose informer holds only this member's ranges. */
export interface ScopedKind {
  /** The informer's scope for `held` (null: nothing held). */
  apply(scope: ShardScope | null): Promise<void>;
  /** `for`: hashed by its own key; `owned`: a child, kept with its owner (see `scopeFor`). */
  role: 'for' | 'owned';
}

/** Where the shard figures go (`Metrics.sharding`). */
export interface ShardingMetrics {
  members(count: number): void;
  ranges(state: 'held' | 'active', count: number): void;
  moved(direction: 'in' | 'out', count: number): void;
  /** Live members of another configuration than this member's. */
  mismatched(count: number): void;
}

export interface ShardCoordinatorOptions {
  members: Members;
  key: ShardKey;
  /** The range count (a power of two). */
  ranges: number;
  /** Points per member on the assignment ring; default `DEFAULT_VIRTUAL_NODES`. */
  virtualNodes?: number;
  /** `server` (shardSelector) or `labels` (range label), decided once at start (run-time detection). */
  mode: () => Promise<ShardMode>;
  retryPeriodMs: number;
  logger: Logger;
  metrics?: ShardingMetrics;
}

export class ShardCoordinator implements Runnable {
  private readonly rangeList: ShardRange[];
  private readonly virtualNodes: number;
  private readonly guard: ConfigGuard;
  /** The last table: the live members it was computed for, and this member's ranges. */
  private table: { members: string; mine: ReadonlySet<number> } | undefined;
  private readonly kinds: ScopedKind[] = [];
  private held = new Set<number>();
  private readonly active = new Set<number>();
  private readonly releasing = new Set<number>();
  private readonly inflight = new Map<number, number>();
  private readonly activated = new Set<(ranges: ReadonlySet<number>) => void>();
  private mode: ShardMode | undefined;
  private stopping = false;
  private ready = false;
  private wakeUp: (() => void) | undefined;
  private dirty = true;

  constructor(private readonly options: ShardCoordinatorOptions) {
    this.rangeList = shardRanges(options.ranges);
    this.virtualNodes = options.virtualNodes ?? DEFAULT_VIRTUAL_NODES;
    this.guard = new ConfigGuard(options.logger, (count) => options.metrics?.mismatched(count));
  }

  /**
   * `key/ranges/ring-<virtualNodes>/mode` (the mode once decided), written on the Lease:
   * members of another configuration do not share the table (`ConfigGuard`).
   */
  get config(): string {
    const { key, ranges } = this.options;
    return `${key}/${ranges}/ring-${this.virtualNodes}/${this.mode ?? 'undecided'}`;
  }

  get identity(): string {
    return this.options.members.identity;
  }

  needsLeaderElection(): boolean {
    return false;
  }

  /** Registers a kind whose informer follows the held ranges (before start). */
  addKind(kind: ScopedKind): void {
    this.kinds.push(kind);
  }

  /** The range of an object of a sharded kind (its own key). */
  rangeOf(obj: KubernetesObject): number {
    return rangeIndex(shardHash(obj, this.options.key), this.options.ranges);
  }

  /** The range of a request key when the shard key is the namespace; undefined for uid. */
  rangeOfKey(key: string): number | undefined {
    if (this.options.key !== 'namespace') return undefined;
    const slash = key.indexOf('/');
    return this.rangeOf({ metadata: { namespace: slash < 0 ? '' : key.slice(0, slash) } });
  }

  /** Step 1 of the hand-off: may a reconcile of an object in `range` start here now? */
  admit(range: number): ShardAdmission {
    if (this.stopping || !this.active.has(range)) return { admit: false };
    if (!this.options.members.fresh()) return { admit: false, retryAfterMs: this.options.retryPeriodMs };
    this.inflight.set(range, (this.inflight.get(range) ?? 0) + 1);
    let released = false;
    return {
      admit: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inflight.get(range) ?? 1) - 1;
        if (left > 0) this.inflight.set(range, left);
        else {
          this.inflight.delete(range);
          if (this.releasing.has(range) || this.stopping) this.wake();
        }
      },
    };
  }

  /** Listens for ranges that became active here (their objects must be queued). */
  onActivated(listener: (ranges: ReadonlySet<number>) => void): () => void {
    this.activated.add(listener);
    return () => this.activated.delete(listener);
  }

  /** For readyz: the member has joined, knows its mode, its Lease is fresh and its configuration is the group's. */
  check(): void {
    this.guard.check(this.config);
    if (!this.ready) throw new Error('not a member of its shard group yet');
    if (!this.options.members.fresh())
      throw new Error('its membership Lease was not renewed within the renew deadline');
  }

  /** The ranges held and active here (for metrics and tests). */
  state(): ShardState {
    const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
    return { held: sorted(this.held), active: sorted(this.active), releasing: sorted(this.releasing), mode: this.mode };
  }

  /**
   * Decides the mode (run-time detection) and narrows the sharded kinds' informers to
   * nothing, before the cache starts them (the manager calls it first).
   */
  async prepare(): Promise<void> {
    this.mode ??= await this.options.mode();
    for (const kind of this.kinds) await kind.apply(null);
  }

  async start(signal: AbortSignal): Promise<void> {
    const log = this.options.logger;
    const members = this.options.members;
    let lostWith: Error | undefined;
    const lost = (err: Error) => {
      lostWith ??= err;
      this.active.clear();
      this.wake();
    };
    if (this.mode === undefined) await this.prepare();
    log.info('joining the shard group', { identity: this.identity, mode: this.mode, config: this.config });
    await members.start(signal, lost);
    const unsubscribe = members.onChange(() => this.wake());
    try {
      while (!signal.aborted && lostWith === undefined) {
        if (this.dirty) {
          this.dirty = false;
          try {
            await this.step();
            this.ready = true;
          } catch (err) {
            this.dirty = true;
            if (lostWith === undefined) log.error('unable to move shard ranges; retrying', { error: err });
          }
        }
        await this.idle(signal);
      }
    } finally {
      unsubscribe();
    }
    if (lostWith !== undefined) {
      log.error('shard membership lost; stopping', { identity: this.identity, error: lostWith });
      throw lostWith;
    }
    await this.leave();
  }

  /** Stop: start nothing more, wait for the runs in flight, then delete the Lease. */
  private async leave(): Promise<void> {
    this.stopping = true;
    this.active.clear();
    while (this.inflight.size > 0) await new Promise<void>((resolve) => (this.wakeUp = resolve));
    await this.options.members.release();
    this.options.logger.info('left the shard group', { identity: this.identity });
  }

  private wake(): void {
    this.dirty = true;
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
  }

  /** Waits for a change or one retry period (a retry period re-evaluates liveness). */
  private async idle(signal: AbortSignal): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.wakeUp = resolve));
    await Promise.race([woken, sleep(this.options.retryPeriodMs, signal)]);
    this.wakeUp = undefined;
    this.dirty = true; // liveness depends on time
  }

  /**
   * One round of the hand-off (see the module header): `start` runs it on every change of
   * the view and every retry period; tests may drive it directly.
   */
  async step(): Promise<void> {
    const members = this.options.members;
    if (!members.fresh()) return;
    const view = members.view();
    const config = this.config;
    const admitted = this.guard.admits(view, this.identity, config);
    const live = view.filter((m) => (m.live || m.self) && m.config === config).map((m) => m.identity);
    if (!live.includes(this.identity)) live.push(this.identity);
    this.options.metrics?.members(live.length);
    const wanted = admitted ? this.mine(live) : new Set<number>();

    // give up what the table gives elsewhere, once its runs have settled
    for (const r of this.held) {
      if (!wanted.has(r) && !this.releasing.has(r)) {
        this.releasing.add(r);
        this.active.delete(r);
      }
    }
    const drained = [...this.releasing].filter((r) => !this.inflight.has(r));
    if (drained.length > 0) {
      const next = new Set([...this.held].filter((r) => !drained.includes(r)));
      await members.setHolds(next);
      this.held = next;
      for (const r of drained) this.releasing.delete(r);
      this.options.metrics?.moved('out', drained.length);
      this.options.logger.info('released shard ranges', { identity: this.identity, ranges: drained.length });
      await this.applyScope();
    }

    // claim what it gives here: write it, then list it
    const claim = [...wanted].filter((r) => !this.held.has(r));
    if (claim.length > 0) {
      const next = new Set([...this.held, ...claim]);
      await members.setHolds(next);
      this.held = next;
      await this.applyScope();
    }

    // activate claimed ranges nobody else live holds
    const pending = [...this.held].filter((r) => !this.active.has(r) && !this.releasing.has(r));
    if (pending.length > 0) await this.activate(pending);
    this.options.metrics?.ranges('held', this.held.size);
    this.options.metrics?.ranges('active', this.active.size);
  }

  /** This member's ranges on the ring of `live` (recomputed only when the members change). */
  private mine(live: string[]): ReadonlySet<number> {
    const key = [...live].sort().join('\n');
    if (this.table?.members !== key) {
      const owned = assignRanges(this.rangeList, live, this.virtualNodes).get(this.identity) ?? [];
      this.table = { members: key, mine: new Set(owned) };
    }
    return this.table.mine;
  }

  private async activate(pending: number[]): Promise<void> {
    const members = this.options.members;
    const view = await members.refresh();
    const gone = new Map<string, boolean>();
    const ready: number[] = [];
    for (const r of pending) {
      const others = view.filter((m) => !m.self && m.holds.has(r));
      if (others.some((m) => m.live)) continue;
      let free = true;
      for (const other of others) {
        if (!gone.has(other.identity)) gone.set(other.identity, await members.deleteExpired(other.identity));
        if (!gone.get(other.identity)) free = false;
      }
      if (free) ready.push(r);
    }
    if (ready.length === 0 || this.stopping || !members.fresh()) return;
    for (const r of ready) this.active.add(r);
    this.options.metrics?.moved('in', ready.length);
    this.options.logger.info('took shard ranges', { identity: this.identity, ranges: ready.length });
    const set = new Set(ready);
    for (const listener of [...this.activated]) listener(set);
  }

  private async applyScope(): Promise<void> {
    const held = new Set(this.held);
    await Promise.all(this.kinds.map((kind) => kind.apply(this.scopeFor(kind, held))));
  }

  /**
   * The informer scope of `kind` for the ranges `held`: the server's `shardSelector` in the
   * server mode, the range label in the label mode; children by their range label when the
   * key is the uid (their own uid hashes elsewhere than their owner's), else as their owner.
   */
  private scopeFor(kind: ScopedKind, held: ReadonlySet<number>): ShardScope | null {
    if (held.size === 0) return null;
    const byLabel = this.mode === 'labels' || (kind.role === 'owned' && this.options.key === 'uid');
    if (byLabel) {
      return {
        labelSelector: rangeLabelSelector(held),
        matches: (obj) => held.has(Number(obj.metadata?.labels?.[SHARD_RANGE_LABEL] ?? Number.NaN)),
      };
    }
    return {
      shardSelector: shardSelector(
        this.options.key,
        [...held].map((r) => this.rangeList[r] as ShardRange),
      ),
      matches: (obj) => held.has(this.rangeOf(obj)),
    };
  }
}
