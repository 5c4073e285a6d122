/**
 * Writes `events.k8s.io/v1` Events (client-go's `tools/events` broadcaster, what
 * controller-runtime's `GetEventRecorder` uses): the `SeriesCache` decides what to write,
 * this sends it. A series is a merge patch of `series`; when its Event is gone (404) it is
 * created again. Two timers, started by the first occurrence and not keeping the process
 * alive: the heartbeat writes every series again (`refreshMs`, default 30 min as client-go,
 * so a long series outlives the API server's Event TTL) and the finisher writes the final
 * count of series that ended (`finishMs` without a repeat, default 6 min) and forgets them.
 * @module
 */
import type { Client } from '../client/interfaces.js';
import { type EventsV1Event, SeriesCache } from './series-cache.js';
import type { EventSink, Occurrence } from './sink.js';
import { writeEvent } from './write-event.js';
import type { WriteQueue } from './write-queue.js';

export interface SeriesTiming {
  /** How often every open series is written again. Default 30 min (client-go's `refreshTime`). */
  refreshMs?: number;
  /** A series with no repeat for this long ends (its count written, then forgotten). Default 6 min (`finishTime`). */
  finishMs?: number;
}

export class EventsV1Sink implements EventSink {
  private readonly cache = new SeriesCache();
  private timers: NodeJS.Timeout[] | undefined;
  private readonly refreshMs: number;
  private readonly finishMs: number;

  constructor(
    private readonly client: Client,
    private readonly queue: WriteQueue,
    timing: SeriesTiming = {},
  ) {
    this.refreshMs = timing.refreshMs ?? 30 * 60_000;
    this.finishMs = timing.finishMs ?? 6 * 60_000;
  }

  record(occurrence: Occurrence): void {
    this.startTimers();
    const event = this.cache.observe(occurrence);
    if (event !== undefined) this.write(event);
  }

  flush(): Promise<void> {
    for (const event of this.cache.unwritten()) this.write(event);
    return this.queue.idle();
  }

  stop(): Promise<void> {
    for (const timer of this.timers ?? []) clearInterval(timer);
    this.timers = undefined;
    return this.flush();
  }

  private startTimers(): void {
    if (this.timers !== undefined) return;
    const every = (ms: number, tick: () => EventsV1Event[]) => {
      const timer = setInterval(() => {
        for (const event of tick()) this.write(event);
      }, ms);
      timer.unref();
      return timer;
    };
    this.timers = [
      every(this.refreshMs, () => this.cache.series()),
      every(this.finishMs, () => this.cache.finish(Date.now() - this.finishMs)),
    ];
  }

  private write(event: EventsV1Event): void {
    const { namespace, name } = event.metadata ?? {};
    this.queue.push({
      fields: { namespace, name, reason: event.reason, regarding: event.regarding.name },
      series: event.series !== undefined,
      run: () => writeEvent(this.client, event, event.series === undefined ? undefined : { series: event.series }),
    });
  }
}
