/**
 * What a core/v1 Event occurrence becomes (client-go's `EventCorrelator` in `tools/record`,
 * behind controller-runtime's deprecated `GetEventRecorderFor`): dropped by the
 * `SpamFilter`; folded, once an object has ten different messages for one reason within
 * ten minutes, into one Event "(combined from similar events): …"; and counted: a repeat
 * of the same Event (same source, object, type, reason and message) patches `count` and
 * `lastTimestamp` of the Event it first created. The most recent 4096 Events are kept.
 * As client-go's `record`, it writes no `action`, `related` or `eventTime`.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { formatTime } from '../api/time.js';
import { eventName } from './event-name.js';
import { type ObjectReference, referenceKey } from './object-reference.js';
import { eventNamespace, MAX_NOTE_LENGTH, type Occurrence } from './sink.js';
import { SpamFilter, type SpamFilterOptions } from './spam-filter.js';

/** `corev1.Event`: the fields the recorder writes. */
export interface CoreV1Event extends KubernetesObject {
  involvedObject: ObjectReference;
  reason: string;
  message: string;
  source: { component: string; host?: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
  type: string;
  reportingComponent: string;
  reportingInstance: string;
}

/** What to write: a new Event, or a patch of the count of one written before. */
export type Correlated = { create: CoreV1Event } | { repeat: CoreV1Event };

const AGGREGATE_MAX_MESSAGES = 10;
const AGGREGATE_INTERVAL_MS = 600_000;
const MAX_KEYS = 4096;

export class Correlator {
  private readonly spam: SpamFilter;
  private readonly similar = new Map<string, { messages: Set<string>; last: number }>();
  private readonly seen = new Map<string, { name: string; firstTimestamp: string; count: number }>();

  constructor(spam: SpamFilterOptions = {}) {
    this.spam = new SpamFilter(spam);
  }

  /** Undefined when the spam filter drops the occurrence. */
  correlate(occurrence: Occurrence): Correlated | undefined {
    const now = occurrence.time.getTime();
    const source = [occurrence.reportingController, referenceKey(occurrence.regarding), occurrence.type];
    if (!this.spam.accept(source.join('\u0000'), now)) return undefined;
    const byReason = [...source, occurrence.reason].join('\u0000');
    let message = occurrence.note.slice(0, MAX_NOTE_LENGTH);
    let key = `${byReason}\u0000${message}`;
    if (this.aggregated(byReason, message, now)) {
      message = `(combined from similar events): ${message}`.slice(0, MAX_NOTE_LENGTH);
      key = byReason;
    }
    const event = coreEvent(occurrence, message);
    const known = this.seen.get(key);
    this.seen.delete(key);
    if (known !== undefined) {
      known.count++;
      this.remember(key, known);
      return {
        repeat: {
          ...event,
          metadata: { ...event.metadata, name: known.name },
          firstTimestamp: known.firstTimestamp,
          count: known.count,
        },
      };
    }
    this.remember(key, { name: event.metadata?.name ?? '', firstTimestamp: event.firstTimestamp, count: 1 });
    return { create: event };
  }

  /** True once the object has `AGGREGATE_MAX_MESSAGES` messages for this reason within the interval. */
  private aggregated(key: string, message: string, now: number): boolean {
    let record = this.similar.get(key);
    this.similar.delete(key);
    if (record === undefined || now - record.last > AGGREGATE_INTERVAL_MS) record = { messages: new Set(), last: now };
    record.messages.add(message);
    record.last = now;
    this.similar.set(key, record);
    if (this.similar.size > MAX_KEYS) this.similar.delete(this.similar.keys().next().value as string);
    if (record.messages.size < AGGREGATE_MAX_MESSAGES) return false;
    record.messages.delete(record.messages.values().next().value as string);
    return true;
  }

  private remember(key: string, value: { name: string; firstTimestamp: string; count: number }): void {
    this.seen.set(key, value);
    if (this.seen.size > MAX_KEYS) this.seen.delete(this.seen.keys().next().value as string);
  }
}

function coreEvent(o: Occurrence, message: string): CoreV1Event {
  const time = formatTime(o.time);
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { namespace: eventNamespace(o.regarding), name: eventName(o.regarding.name) },
    involvedObject: o.regarding,
    reason: o.reason,
    message,
    source: { component: o.reportingController },
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
    type: o.type,
    reportingComponent: o.reportingController,
    reportingInstance: o.reportingInstance,
  };
}
