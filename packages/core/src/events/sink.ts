/**
 * What a `Recorder` hands on (client-go's broadcaster input): one occurrence, with its
 * reporting controller and instance, to an `EventSink` that writes it as an
 * `events.k8s.io/v1` or a core/v1 Event. Sinks never throw and never block the caller.
 * @module
 */
import type { ObjectReference } from './object-reference.js';

export type EventType = 'Normal' | 'Warning';

export interface Occurrence {
  regarding: ObjectReference;
  related?: ObjectReference;
  type: EventType;
  reason: string;
  action: string;
  note: string;
  reportingController: string;
  reportingInstance: string;
  time: Date;
}

export interface EventSink {
  /** Queues the writes the occurrence needs (maybe none: a repeat only counts). */
  record(occurrence: Occurrence): void;
  /** Resolves once every write queued so far is done, pending series counts included. */
  flush(): Promise<void>;
  /** Stops the background timers and writes the pending series counts. */
  stop(): Promise<void>;
}

/** The namespace an Event about `regarding` lives in: the object's, or `default` for cluster-scoped ones. */
export const eventNamespace = (regarding: ObjectReference): string => regarding.namespace || 'default';

/** Notes and messages are cut to what the API server accepts (events.k8s.io/v1: 1 KiB). */
export const MAX_NOTE_LENGTH = 1024;
