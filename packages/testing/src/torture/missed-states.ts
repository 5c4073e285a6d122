/**
 * Missed intermediate states: a watch that falls behind and catches up delivers one update
 * from the state before to the state after, not each state in between. At the run's point —
 * an update event, named by its object and its number among that object's (`Gadget/web#2`) —
 * the update events of that object are held back from the
 * controllers' handlers for a window, then delivered as one (from the first held event's old
 * object to the last one's new object); a delete in the window drops what was held. The
 * cache itself stays current: only the events are coalesced.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import type { ResourceEventHandler } from '@operant/core/cache';
import { describeObject, type ResourceInfo } from '@operant/core/internal';
import type { Perturbation } from './perturbation.js';
import type { Random } from './random.js';
import { TimedWindow } from './timed-window.js';
import type { Injection } from './write-faults.js';

type Echo = Parameters<NonNullable<ResourceEventHandler['onUpdate']>>[2];

interface Held {
  old: KubernetesObject;
  new: KubernetesObject;
  echoOf: Echo;
}

interface HeldBack {
  key: string;
  held: Map<ResourceEventHandler, Held>;
  events: number;
}

const keyOf = (info: ResourceInfo, obj: KubernetesObject) =>
  `${info.group}/${info.kind}/${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;

export class MissedStates {
  /** The update events so far, by object and number (`Gadget/web#2`): the points of this perturbation. */
  readonly points: string[] = [];
  private readonly eventsOf = new Map<string, number>();
  injection: Injection | undefined;
  private heldBack: HeldBack | undefined;
  private readonly window: TimedWindow;

  constructor(
    private readonly perturbation: Perturbation | undefined,
    windowMs: number,
    random: Random,
  ) {
    this.window = new TimedWindow(windowMs, random);
  }

  /** True while update events are being held (the run is not quiet then). */
  get open(): boolean {
    return this.window.open;
  }

  /**
   * `handler` as a source registers it, with its updates held inside the window. `counts`
   * says whether this handler is the one that counts events (one per kind), so that an event
   * every source of the kind receives counts once.
   */
  wrap<T extends KubernetesObject>(
    info: ResourceInfo,
    handler: ResourceEventHandler<T>,
    counts: () => boolean,
  ): ResourceEventHandler<T> {
    const h = handler as ResourceEventHandler;
    return {
      onAdd: handler.onAdd?.bind(handler),
      onUpdate: (oldObj, newObj, echoOf) => {
        if (counts()) this.counted(info, newObj);
        const w = this.heldBack;
        if (w === undefined || !this.window.open || w.key !== keyOf(info, newObj))
          return handler.onUpdate?.(oldObj, newObj, echoOf);
        const before = w.held.get(h);
        w.held.set(h, { old: before?.old ?? oldObj, new: newObj, echoOf });
        if (counts()) w.events++;
        return undefined;
      },
      onDelete: (obj, finalStateUnknown) => {
        const w = this.heldBack;
        if (w !== undefined && this.window.open && w.key === keyOf(info, obj)) w.held.delete(h);
        return handler.onDelete?.(obj, finalStateUnknown);
      },
    };
  }

  /** Stops the window's timer (the run is over). */
  stop(): void {
    this.window.stop();
  }

  private counted(info: ResourceInfo, obj: KubernetesObject): void {
    const object = `${info.kind}/${obj.metadata?.name ?? ''}`;
    const count = (this.eventsOf.get(object) ?? 0) + 1;
    this.eventsOf.set(object, count);
    const point = `${object}#${count}`;
    this.points.push(point);
    const p = this.perturbation;
    if (p?.kind !== 'missedState' || p.point !== point || this.window.started) return;
    const w: HeldBack = { key: keyOf(info, obj), held: new Map(), events: 0 };
    this.heldBack = w;
    const length = this.window.start(() => {
      injection.what +=
        w.events === 1 ? ': 1 update event, delivered late' : `: ${w.events} update events, delivered as one`;
      for (const [handler, held] of w.held) void handler.onUpdate?.(held.old, held.new, held.echoOf);
    });
    const injection: Injection = {
      what: `missed states from update event ${point} (a window of ${length} ms)`,
      on: `update event of ${describeObject(info, obj.metadata?.namespace, obj.metadata?.name)} (resourceVersion ${obj.metadata?.resourceVersion})`,
      controller: undefined,
      reconcile: undefined,
    };
    this.injection = injection;
  }
}
