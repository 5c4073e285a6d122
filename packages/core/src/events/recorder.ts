/**
 * Kubernetes Events for users to see in `kubectl describe`. `EventRecorder` is both of
 * controller-runtime's recorders: `event(object, type, reason, message)` as
 * `record.EventRecorder.Event` (the action is the reason) and
 * `eventf(regarding, related, type, reason, action, note)` as `events.EventRecorder.Eventf`
 * (no format arguments: pass a template literal). `Recorder`, made by the manager's
 * `EventBroadcaster`, hands each occurrence on; recording never blocks and never throws
 * into a reconcile (writes happen in the background, failures are one log line).
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { objectReference } from './object-reference.js';
import type { EventType, Occurrence } from './sink.js';

export type { EventType } from './sink.js';

export interface EventRecorder {
  /** Records `reason` (UpperCamelCase) and a human-readable `message` about `object`. */
  event(object: KubernetesObject, type: EventType, reason: string, message: string): void;
  /**
   * Records that the reporting controller took `action` (UpperCamelCase, e.g. `Scale`) on
   * `regarding` for `reason`, optionally `related` to a second object, with a `note`.
   */
  eventf(
    regarding: KubernetesObject,
    related: KubernetesObject | undefined,
    type: EventType,
    reason: string,
    action: string,
    note: string,
  ): void;
}

/** Where a `Recorder` hands its occurrences: the manager's `EventBroadcaster`. */
export interface OccurrenceSink {
  record(occurrence: Occurrence): void;
  flush(): Promise<void>;
}

export class Recorder implements EventRecorder {
  constructor(
    private readonly sink: OccurrenceSink,
    /** `reportingController`. */
    readonly controller: string,
    /** `reportingInstance`. */
    readonly instance: string,
  ) {}

  event(object: KubernetesObject, type: EventType, reason: string, message: string): void {
    this.eventf(object, undefined, type, reason, reason, message);
  }

  eventf(
    regarding: KubernetesObject,
    related: KubernetesObject | undefined,
    type: EventType,
    reason: string,
    action: string,
    note: string,
  ): void {
    this.sink.record({
      regarding: objectReference(regarding),
      ...(related === undefined ? {} : { related: objectReference(related) }),
      type,
      reason,
      action,
      note,
      reportingController: this.controller,
      reportingInstance: this.instance,
      time: new Date(),
    });
  }

  /** Resolves once every event recorded so far (by any recorder of the manager) is written. */
  flush(): Promise<void> {
    return this.sink.flush();
  }
}
