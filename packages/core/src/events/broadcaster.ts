/**
 * `EventBroadcaster`: one per manager (controller-runtime's recorder `Provider` over
 * client-go's broadcaster). It makes the named `Recorder`s, writes what they record through
 * one background `WriteQueue` with the sink of the chosen API (`events.k8s.io/v1`, the
 * default, with series; or core/v1 with its correlator), logs each Event at debug level,
 * and, as a runnable, writes the pending series counts when the manager stops.
 * @module
 */
import { hostname } from 'node:os';
import type { Logger } from '../api/logger.js';
import type { Client } from '../client/interfaces.js';
import { CoreV1Sink } from './core-v1-sink.js';
import { EventsV1Sink, type SeriesTiming } from './events-v1-sink.js';
import { Recorder } from './recorder.js';
import type { EventSink, Occurrence } from './sink.js';
import type { SpamFilterOptions } from './spam-filter.js';
import { WriteQueue, type WriteQueueOptions } from './write-queue.js';

/** Which Events the recorders write: `events.k8s.io/v1` (default) or the older core `v1`. */
export type EventsAPI = 'events.k8s.io/v1' | 'v1';

export interface EventsOptions extends SeriesTiming, Omit<WriteQueueOptions, 'logger'> {
  /** Default `events.k8s.io/v1`, as controller-runtime's `GetEventRecorder`; `v1` as its deprecated `GetEventRecorderFor`. */
  api?: EventsAPI;
  /** The core/v1 spam filter (client-go's defaults: 25 at once, one per 5 minutes). */
  spamFilter?: SpamFilterOptions;
}

export class EventBroadcaster {
  readonly api: EventsAPI;
  private readonly queue: WriteQueue;
  private readonly sink: EventSink;

  constructor(
    client: Client,
    private readonly logger: Logger,
    options: EventsOptions = {},
  ) {
    this.api = options.api ?? 'events.k8s.io/v1';
    this.queue = new WriteQueue({ ...options, logger });
    this.sink =
      this.api === 'v1'
        ? new CoreV1Sink(client, this.queue, options.spamFilter)
        : new EventsV1Sink(client, this.queue, options);
  }

  /**
   * A recorder reporting as `controller`, from the instance `<controller>-<POD_NAME or
   * hostname>` (client-go's `reportingInstance`, at most 128 characters).
   */
  newRecorder(controller: string): Recorder {
    const instance = `${controller}-${process.env.POD_NAME ?? hostname()}`.slice(0, 128);
    return new Recorder(this, controller, instance);
  }

  record(occurrence: Occurrence): void {
    const { regarding } = occurrence;
    if (occurrence.type !== 'Normal' && occurrence.type !== 'Warning') {
      this.logger.error('unsupported event type, not recording the event', { eventType: occurrence.type });
      return;
    }
    if (!regarding.name) {
      this.logger.error('unable to record an event about an object without a name', { reason: occurrence.reason });
      return;
    }
    this.logger.debug('Event occurred', {
      object: { namespace: regarding.namespace, name: regarding.name },
      kind: regarding.kind,
      apiVersion: regarding.apiVersion,
      type: occurrence.type,
      reason: occurrence.reason,
      action: occurrence.action,
      note: occurrence.note,
    });
    this.sink.record(occurrence);
  }

  /** Resolves once everything recorded so far is written, the current series counts included. */
  flush(): Promise<void> {
    return this.sink.flush();
  }

  /** Runs until `signal` aborts, then writes the pending series counts and stops its timers. */
  async start(signal: AbortSignal): Promise<void> {
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    await this.sink.stop();
    this.queue.stop();
  }
}
