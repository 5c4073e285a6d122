/**
 * Writes core/v1 Events (client-go's `tools/record` broadcaster, what controller-runtime's
 * deprecated `GetEventRecorderFor` uses), chosen with the manager option
 * `events: { api: 'v1' }`. The `Correlator` decides what to write; a repeat is a merge patch
 * of `count`, `lastTimestamp` and `message`, and when its Event is gone (404) it is created
 * again.
 * @module
 */
import type { Client } from '../client/interfaces.js';
import { type CoreV1Event, Correlator } from './correlator.js';
import type { EventSink, Occurrence } from './sink.js';
import type { SpamFilterOptions } from './spam-filter.js';
import { writeEvent } from './write-event.js';
import type { WriteQueue } from './write-queue.js';

export class CoreV1Sink implements EventSink {
  private readonly correlator: Correlator;

  constructor(
    private readonly client: Client,
    private readonly queue: WriteQueue,
    spam: SpamFilterOptions = {},
  ) {
    this.correlator = new Correlator(spam);
  }

  record(occurrence: Occurrence): void {
    const correlated = this.correlator.correlate(occurrence);
    if (correlated === undefined) return;
    const event = 'create' in correlated ? correlated.create : correlated.repeat;
    const { namespace, name } = event.metadata ?? {};
    this.queue.push({
      fields: { namespace, name, reason: event.reason, regarding: event.involvedObject.name },
      run: () => writeEvent(this.client, event, 'repeat' in correlated ? repeatChanges(event) : undefined),
    });
  }

  flush(): Promise<void> {
    return this.queue.idle();
  }

  stop(): Promise<void> {
    return this.flush();
  }
}

const repeatChanges = ({ count, lastTimestamp, message }: CoreV1Event) => ({ count, lastTimestamp, message });
