/**
 * The periodic resync: a Runnable that, every `resyncPeriodMs` while the manager runs,
 * emits one event per RedisCluster in the cache. The controller watches it as a channel
 * source (`@Channel()`), the TypeScript form of the primer's `source.Channel` fed by a
 * `time.Tick` goroutine. Reconciles it causes must find nothing to change.
 * @module
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT, type Client, Inject, Injectable, LOGGER, type Logger } from '@operant/core';
import { type Runnable } from '@operant/core/api';
import { RedisCluster } from '../api/v1/index.js';
import { REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './options.js';

@Injectable()
export class ResyncTicker extends EventEmitter implements Runnable {
  /** Completed ticks. */
  ticks = 0;

  constructor(
    @Inject(CLIENT) private readonly client: Client,
    @Inject(REDIS_OPERATOR_OPTIONS) private readonly options: RedisOperatorOptions,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  async start(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await sleep(this.options.resyncPeriodMs, undefined, { signal });
      } catch {
        return; // aborted
      }
      await this.tick().catch((err: unknown) =>
        this.log.error('unable to list RedisClusters for a resync', { error: (err as Error).message }),
      );
    }
  }

  /** Emits every RedisCluster the cache holds, then `tick` with their count. */
  async tick(): Promise<number> {
    const { items } = await this.client.list(RedisCluster);
    for (const cluster of items) {
      this.emit('event', { metadata: { namespace: cluster.metadata?.namespace, name: cluster.metadata?.name } });
    }
    this.ticks++;
    this.emit('tick', items.length);
    return items.length;
  }
}
