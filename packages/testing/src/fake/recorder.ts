/**
 * `FakeRecorder`: an `EventRecorder` that keeps what it is given (controller-runtime's
 * `record.FakeRecorder`), for assertions on the events a reconciler records.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import type * as events from '@operant/core/events';

export interface RecordedEvent {
  object: KubernetesObject;
  type: events.EventType;
  reason: string;
  message: string;
}

export class FakeRecorder implements events.EventRecorder {
  readonly events: RecordedEvent[] = [];

  event(object: KubernetesObject, type: events.EventType, reason: string, message: string): void {
    this.events.push({ object: structuredClone(object), type, reason, message });
  }

  /** `Normal Created created ConfigMap x`: each event as one string, as controller-runtime's fake has them. */
  strings(): string[] {
    return this.events.map((e) => `${e.type} ${e.reason} ${e.message}`);
  }
}
