/**
 * The series aggregation of `events.k8s.io/v1` (client-go's `eventCache` in
 * `tools/events`). Occurrences with the same isomorphic key (type, action, reason,
 * reporting controller and instance, regarding, related; not the note) are one Event:
 * the first is created; the second starts its `series` (count 2, lastObservedTime) and
 * is written; later ones only count, and reach the API server with the next heartbeat
 * (`series()`, client-go's 30 min refresh) or when the series ends (`finish`: no repeat
 * for the finish time, client-go's 6 min), which also forgets singletons that old.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { formatMicroTime } from '../api/time.js';
import { eventName } from './event-name.js';
import type { ObjectReference } from './object-reference.js';
import { referenceKey } from './object-reference.js';
import { eventNamespace, MAX_NOTE_LENGTH, type Occurrence } from './sink.js';

/** `eventsv1.Event`: the fields the recorder writes. */
export interface EventsV1Event extends KubernetesObject {
  eventTime: string;
  series?: { count: number; lastObservedTime: string };
  reportingController: string;
  reportingInstance: string;
  action: string;
  reason: string;
  note: string;
  type: string;
  regarding: ObjectReference;
  related?: ObjectReference;
}

interface Entry {
  event: EventsV1Event;
  /** When it was last seen: the first time, or the last repeat. */
  observed: number;
  /** The series count the API server has (0: not written yet as a series). */
  written: number;
}

export class SeriesCache {
  private readonly entries = new Map<string, Entry>();

  /** The Event to write now (a copy), or undefined when the occurrence only counted. */
  observe(occurrence: Occurrence): EventsV1Event | undefined {
    const key = isomorphicKey(occurrence);
    const now = occurrence.time;
    const known = this.entries.get(key);
    if (known === undefined) {
      const event = newEvent(occurrence);
      this.entries.set(key, { event, observed: now.getTime(), written: 0 });
      return structuredClone(event);
    }
    known.observed = now.getTime();
    const series = known.event.series;
    known.event.series = { count: (series?.count ?? 1) + 1, lastObservedTime: formatMicroTime(now) };
    if (series !== undefined) return undefined;
    known.written = 2;
    return structuredClone(known.event);
  }

  /** Every series whose count the API server does not have yet (copies), marked written. */
  unwritten(): EventsV1Event[] {
    return this.take((entry) => entry.event.series !== undefined && entry.event.series.count !== entry.written);
  }

  /** Every series (copies), to write again: the heartbeat that keeps them from expiring. */
  series(): EventsV1Event[] {
    return this.take((entry) => entry.event.series !== undefined);
  }

  /**
   * Forgets what was last seen before `before`: returns the series among them (copies) for
   * a last write of their final count; singletons are dropped.
   */
  finish(before: number): EventsV1Event[] {
    const ended: EventsV1Event[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.observed >= before) continue;
      this.entries.delete(key);
      if (entry.event.series !== undefined && entry.event.series.count !== entry.written) ended.push(entry.event);
    }
    return ended;
  }

  get size(): number {
    return this.entries.size;
  }

  private take(pick: (entry: Entry) => boolean): EventsV1Event[] {
    const picked: EventsV1Event[] = [];
    for (const entry of this.entries.values()) {
      if (!pick(entry)) continue;
      entry.written = entry.event.series?.count ?? 0;
      picked.push(structuredClone(entry.event));
    }
    return picked;
  }
}

function isomorphicKey(o: Occurrence): string {
  return [
    o.type,
    o.action,
    o.reason,
    o.reportingController,
    o.reportingInstance,
    referenceKey(o.regarding),
    referenceKey(o.related),
  ].join('\u0000');
}

function newEvent(o: Occurrence): EventsV1Event {
  return {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { namespace: eventNamespace(o.regarding), name: eventName(o.regarding.name) },
    eventTime: formatMicroTime(o.time),
    reportingController: o.reportingController,
    reportingInstance: o.reportingInstance,
    action: o.action,
    reason: o.reason,
    note: o.note.slice(0, MAX_NOTE_LENGTH),
    type: o.type,
    regarding: o.regarding,
    ...(o.related === undefined ? {} : { related: o.related }),
  };
}
