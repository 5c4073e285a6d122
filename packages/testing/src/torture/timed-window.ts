/**
 * `TimedWindow`: the window of a stale read or of held-back events. It opens once, at the
 * run's point, for a length the seed picks between half and all of `windowMs`, and closes by
 * itself (then `onClose` runs) — or is cut short when the run stops.
 * @module
 */
import type { Random } from './random.js';

export class TimedWindow {
  private state: 'waiting' | 'open' | 'closed' = 'waiting';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly random: Random,
  ) {}

  /** True from `start` until it closes. */
  get open(): boolean {
    return this.state === 'open';
  }

  /** True once started, open or closed: a run has one window at most. */
  get started(): boolean {
    return this.state !== 'waiting';
  }

  /** Opens the window; `onClose` runs when it closes by itself. Returns its length in ms. */
  start(onClose: () => void): number {
    this.state = 'open';
    const length = Math.round(this.windowMs / 2 + this.random.next() * (this.windowMs / 2));
    this.timer = setTimeout(() => {
      this.state = 'closed';
      onClose();
    }, length);
    return length;
  }

  /** Cuts it short without `onClose` (the run is over). */
  stop(): void {
    clearTimeout(this.timer);
  }
}
