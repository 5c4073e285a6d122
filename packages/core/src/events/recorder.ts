/**
 * Kubernetes Events for users to see in `kubectl describe` (controller-runtime's
 * `record.EventRecorder`), written as `events.k8s.io/v1` Events. Recording never blocks and
 * never fails a reconcile: writes are queued and done in the background (errors logged,
 * a bounded backlog). Repeats of the same event on the same object within six minutes
 * update one Event's `series` (count, lastObservedTime) instead of creating new ones.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Client } from '../client/interfaces.js';
import { microTime } from '../client/micro-time.js';
import { mergePatch } from '../client/patch.js';

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  /** Records `reason` (UpperCamelCase) and a human-readable `message` about `object`. */
  event(object: KubernetesObject, type: EventType, reason: string, message: string): void;
}

interface EventsV1Event extends KubernetesObject {
  eventTime?: string;
  series?: { count: number; lastObservedTime: string };
}

const SERIES_WINDOW_MS = 6 * 60_000;
const MAX_BACKLOG = 1000;

export interface RecorderOptions {
  client: Client;
  /** `reportingController`, e.g. the controller name. */
  controller: string;
  /** `reportingInstance`, e.g. the pod name. */
  instance: string;
  logger: Logger;
}

export class Recorder implements EventRecorder {
  private readonly series = new Map<string, { namespace: string; name: string; count: number; first: number }>();
  private backlog: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly options: RecorderOptions) {}

  event(object: KubernetesObject, type: EventType, reason: string, message: string): void {
    if (this.pending >= MAX_BACKLOG) {
      this.options.logger.warn('dropping an event: too many pending event writes', { reason });
      return;
    }
    this.pending++;
    this.backlog = this.backlog
      .then(() => this.write(object, type, reason, message))
      .catch((err: unknown) =>
        this.options.logger.error('unable to record an event', {
          reason,
          namespace: object.metadata?.namespace,
          name: object.metadata?.name,
          error: err,
        }),
      )
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves once every event recorded so far has been written (or failed). */
  flush(): Promise<void> {
    return this.backlog;
  }

  private async write(object: KubernetesObject, type: EventType, reason: string, note: string): Promise<void> {
    const meta = object.metadata ?? {};
    const namespace = meta.namespace || 'default';
    const key = [object.apiVersion, object.kind, namespace, meta.name, meta.uid, type, reason, note].join('\u0000');
    const now = new Date();
    const known = this.series.get(key);
    if (known !== undefined && now.getTime() - known.first < SERIES_WINDOW_MS) {
      known.count++;
      await this.options.client.patch(
        { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { namespace: known.namespace, name: known.name } },
        mergePatch({ series: { count: known.count, lastObservedTime: microTime(now) } }),
      );
      return;
    }
    const name = `${meta.name ?? 'object'}.${now.getTime().toString(16)}${process.getBuiltinModule('node:crypto').randomBytes(2).toString('hex')}`;
    await this.options.client.create<EventsV1Event>({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { namespace, name },
      eventTime: microTime(now),
      reportingController: this.options.controller,
      reportingInstance: this.options.instance,
      action: reason,
      reason,
      note: note.slice(0, 1024),
      type,
      regarding: {
        apiVersion: object.apiVersion,
        kind: object.kind,
        namespace: meta.namespace,
        name: meta.name,
        uid: meta.uid,
        resourceVersion: meta.resourceVersion,
      },
    } as EventsV1Event);
    this.series.set(key, { namespace, name, count: 1, first: now.getTime() });
    if (this.series.size > 4096) this.series.delete(this.series.keys().next().value as string);
  }
}
