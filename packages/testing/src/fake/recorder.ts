/**
 * `FakeRecorder`: an `EventRecorder` that keeps what it is given (controller-runtime's
 * `record.FakeRecorder` and `events.FakeRecorder`), for assertions on the events a
 * reconciler records; `event()` keeps the reason as the action, as the real recorder.
 * @module
 */
import type { EventRecorder, KubernetesObject } from '@operant/core';

/** `'Normal'` or `'Warning'`. */
type EventType = Parameters<EventRecorder['event']>[1];

export interface RecordedEvent {
  object: KubernetesObject;
  type: EventType;
  reason: string;
  message: string;
  /** `eventf`'s action; the reason for `event()`. */
  action: string;
  /** `eventf`'s related object, if any. */
  related?: KubernetesObject;
}

export class FakeRecorder implements EventRecorder {
  readonly events: RecordedEvent[] = [];

  event(object: KubernetesObject, type: EventType, reason: string, message: string): void {
    this.events.push({ object: structuredClone(object), type, reason, message, action: reason });
  }

  eventf(
    regarding: KubernetesObject,
    related: KubernetesObject | undefined,
    type: EventType,
    reason: string,
    action: string,
    note: string,
  ): void {
    const event: RecordedEvent = { object: structuredClone(regarding), type, reason, message: note, action };
    if (related !== undefined) event.related = structuredClone(related);
    this.events.push(event);
  }

  /** `Normal Created created ConfigMap x`: each event as one string, as controller-runtime's fake has them. */
  strings(): string[] {
    return this.events.map((e) => `${e.type} ${e.reason} ${e.message}`);
  }
}
