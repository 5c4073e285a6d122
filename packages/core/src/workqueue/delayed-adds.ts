/**
 * The delayed adds of a queue: keys with a ready time (the earliest asked for wins) and one
 * timer, armed for the earliest key; when it fires, each due key is handed to `onReady`,
 * earliest first, then `afterReady` runs once.
 * @module
 */
import type { MonotonicClock, Timer } from '../clock/monotonic-clock.js';
import { DelayHeap } from './delay-heap.js';

export class DelayedAdds<K> {
  private readonly heap = new DelayHeap<K>();
  private timer: Timer | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly clock: MonotonicClock,
    private readonly onReady: (key: K) => void,
    private readonly afterReady: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.heap.size;
  }

  /** Schedules `key` `delayMs` from now, unless it is already due earlier. */
  push(key: K, delayMs: number): void {
    if (this.heap.push(key, this.clock.now() + delayMs)) this.arm();
  }

  delete(key: K): void {
    this.heap.delete(key);
  }

  /** Drops every key and the timer. */
  clear(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.heap.clear();
  }

  private arm(): void {
    const at = this.heap.peekTime();
    if (at === undefined) {
      this.clear();
      return;
    }
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.timer?.cancel();
    this.timerAt = at;
    this.timer = this.clock.setTimer(() => this.fire(), at - this.clock.now());
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.heap.popReady(this.clock.now(), this.onReady);
    this.arm();
    this.afterReady();
  }
}
