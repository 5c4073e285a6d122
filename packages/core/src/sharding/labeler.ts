/**
 * The fallback sharder (docs/sharding.md, "Fallback on servers without shardSelector"): on
 * the one elected replica, it watches the sharded kinds whole, each with an informer of its
 * own (metadata only, trimmed to what the label needs; not the manager's sharded cache),
 * and writes the range label `operant.dev/shard-range` on every object whose label is
 * missing or wrong: a sharded object gets its own range, a child (an `owned` kind) its
 * controller owner's when that owner is of a sharded kind. The label is a pure function of immutable fields, so a write
 * is a merge patch of only that label (the object's uid as its precondition) and a label
 * already right costs nothing; members then select `operant.dev/shard-range in (<ranges>)`.
 * Keys go through a rate-limited workqueue: a failed write is logged and retried with
 * backoff, never dropped.
 * @module
 */
import { type Logger, noopLogger } from '../api/logger.js';
import { type KubernetesObject, objectKey } from '../api/object.js';
import type { LeaderElectionRunnable, Runnable } from '../api/runnable.js';
import { ClientError } from '../api/status-error.js';
import { type InformerScope, SharedIndexInformer } from '../cache/informer.js';
import { composeTransforms, type TransformFunc } from '../cache/transform.js';
import type { Client } from '../client/interfaces.js';
import { mergePatch } from '../client/patch.js';
import type { RestClient } from '../client/rest.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { apiVersionOf, gvkString, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { Workqueue } from '../workqueue/queue.js';
import { SHARD_RANGE_LABEL } from './labels.js';
import { childRangeLabelOf, rangeLabelOf } from './range-label.js';
import { rangeIndex } from './ranges.js';
import type { ShardKey } from './selector.js';

export interface RangeLabelerOptions {
  /** Writes the labels (the manager's client). */
  client: Client;
  /** For the labeler's own informers. */
  rest: RestClient;
  registry: ResourceRegistry;
  /** What the sharded kinds are hashed by. */
  key: ShardKey;
  /** The number of ranges (a power of two). */
  ranges: number;
  /** The sharded (`For`) kinds: each object is labelled with its own range. */
  kinds: ResourceType[];
  /** Children: labelled with the range of their controller owner, when that owner is of one of `owners`. */
  owned?: ResourceType[];
  /** The sharded kinds whose children are labelled. Default `kinds` (the server mode labels only children: `kinds` empty). */
  owners?: ResourceType[];
  logger?: Logger;
  /** The sharder's write cost: one call per label written. */
  metrics?: { labelWrites(kind: string): void };
  /**
   * The part of each kind to label: the scope the operator caches it with (namespaces,
   * label and field selectors). Default: every object of the kind in the cluster.
   */
  scope?: (info: ResourceInfo) => InformerScope;
  /** Concurrent label writes; 4 by default. */
  workers?: number;
}

/** One watched kind: its informer and the label its objects should carry. */
interface Target {
  readonly info: ResourceInfo;
  readonly informer: SharedIndexInformer;
  /** The label `obj` should carry; undefined when it belongs to no range (a child of an unsharded owner). */
  readonly want: (obj: KubernetesObject) => string | undefined;
}

const SEPARATOR = '\t';

/** Keeps what the label is computed and written from: the sharder holds every object of its kinds. */
const keepLabelInputs: TransformFunc = ({ apiVersion, kind, metadata = {} }) => {
  const { name, namespace, uid, resourceVersion, labels, ownerReferences } = metadata;
  return { apiVersion, kind, metadata: { name, namespace, uid, resourceVersion, labels, ownerReferences } };
};

export class RangeLabeler implements Runnable, LeaderElectionRunnable {
  private readonly log: Logger;

  constructor(private readonly options: RangeLabelerOptions) {
    rangeIndex(0n, options.ranges); // refuses a count that is not a power of two, before start
    this.log = (options.logger ?? noopLogger).child({ component: 'shard-range-labeler' });
  }

  /** Only the elected replica labels. */
  needsLeaderElection(): boolean {
    return true;
  }

  async start(signal: AbortSignal): Promise<void> {
    const { key, ranges, registry } = this.options;
    const sharded = unique(this.options.kinds.map((t) => registry.resolve(t)));
    const owners = unique((this.options.owners ?? this.options.kinds).map((t) => registry.resolve(t)));
    const owned = unique((this.options.owned ?? []).map((t) => registry.resolve(t))).filter(
      (info) => !sharded.some((s) => gvkString(s) === gvkString(info)),
    );
    const targets: Target[] = [
      ...sharded.map((info) => this.target(info, (obj) => rangeLabelOf(obj, key, ranges))),
      ...owned.map((info) => this.target(info, (obj) => childRangeLabelOf(obj, key, ranges, owners))),
    ];
    const queue = new Workqueue<string>({ name: 'shard-range-labeler' });
    targets.forEach(({ informer, want }, i) => {
      const check = (obj: KubernetesObject) => {
        const label = want(obj);
        if (label !== undefined && obj.metadata?.labels?.[SHARD_RANGE_LABEL] !== label) {
          queue.add(`${i}${SEPARATOR}${objectKey(obj)}`);
        }
      };
      informer.addEventHandler({ onAdd: check, onUpdate: (_, obj) => check(obj) });
    });
    this.log.info('starting the shard range labeler', {
      kinds: targets.map(({ info }) => info.kind),
      key,
      ranges,
    });
    const informers = targets.map(({ informer }) => informer.run(signal));
    const workers = Array.from({ length: this.options.workers ?? 4 }, () => this.work(queue, targets, signal));
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    queue.shutDown();
    await Promise.all([...workers, ...informers]);
  }

  private target(info: ResourceInfo, want: Target['want']): Target {
    const informer = new SharedIndexInformer(
      this.options.rest,
      info,
      { ...this.options.scope?.(info), metadataOnly: true },
      composeTransforms([keepLabelInputs]),
      { logger: this.log },
    );
    return { info, informer, want };
  }

  private async work(queue: Workqueue<string>, targets: readonly Target[], signal: AbortSignal): Promise<void> {
    for (let item = await queue.get(); item !== undefined; item = await queue.get()) {
      const at = item.indexOf(SEPARATOR);
      const target = targets[Number(item.slice(0, at))] as Target;
      const key = item.slice(at + 1);
      try {
        await this.label(target, key, signal);
        queue.forget(item);
      } catch (err) {
        if (!signal.aborted) {
          this.log.error(`unable to label ${target.info.kind} ${key}`, {
            kind: target.info.kind,
            error: err,
            requeues: queue.numRequeues(item),
          });
          queue.addRateLimited(item);
        }
      } finally {
        queue.done(item);
      }
    }
  }

  /** Writes the label of the object at `key` if it is missing or wrong; nothing for one already right or gone. */
  private async label({ info, informer, want }: Target, key: string, signal: AbortSignal): Promise<void> {
    const obj = informer.read(key, false);
    const label = obj === undefined ? undefined : want(obj);
    if (obj === undefined || label === undefined || obj.metadata?.labels?.[SHARD_RANGE_LABEL] === label) return;
    const { name, namespace, uid } = obj.metadata ?? {};
    const target = { apiVersion: apiVersionOf(info), kind: info.kind, metadata: { name, namespace } };
    const patch = mergePatch({ metadata: { uid, labels: { [SHARD_RANGE_LABEL]: label } } });
    try {
      // with the uid, a namesake recreated since is refused (422: uid is immutable), not mislabelled;
      // the retry reads the new object
      await this.options.client.patch(target, patch, { signal });
    } catch (err) {
      if (ClientError.is(err, 'notFound')) return; // deleted: its delete event follows
      throw err;
    }
    this.options.metrics?.labelWrites(info.kind);
  }
}

function unique(infos: readonly ResourceInfo[]): ResourceInfo[] {
  const seen = new Map<string, ResourceInfo>();
  for (const info of infos) if (!seen.has(gvkString(info))) seen.set(gvkString(info), info);
  return [...seen.values()];
}
