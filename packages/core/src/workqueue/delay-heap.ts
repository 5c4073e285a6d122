/**
 * The keys waiting for a delayed add, as a binary min-heap on ready time, so the queue needs
 * one timer (for the earliest key) instead of one per key. A key re-added with an earlier
 * time gets a new entry; the stale one is skipped when it surfaces.
 * @module
 */
import { BinaryHeap } from './binary-heap.js';

interface Entry<K> {
  at: number;
  seq: number;
  key: K;
}

export class DelayHeap<K> {
  private readonly heap = new BinaryHeap<Entry<K>>((a, b) => a.at < b.at || (a.at === b.at && a.seq < b.seq));
  /** The ready time in force for each waiting key: the earliest one asked for. */
  private readonly readyAt = new Map<K, number>();
  private seq = 0;

  get size(): number {
    return this.readyAt.size;
  }

  /** Schedules `key` at `at`, unless it is already scheduled at or before `at`. */
  push(key: K, at: number): boolean {
    const current = this.readyAt.get(key);
    if (current !== undefined && current <= at) return false;
    this.readyAt.set(key, at);
    this.heap.push({ at, seq: this.seq++, key });
    return true;
  }

  /** The earliest ready time, or undefined when nothing waits. */
  peekTime(): number | undefined {
    this.dropStale();
    return this.heap.peek()?.at;
  }

  /** Removes and returns every key whose time is `<= now`, earliest first. */
  popReady(now: number, into: (key: K) => void): void {
    for (;;) {
      this.dropStale();
      const top = this.heap.peek();
      if (top === undefined || top.at > now) return;
      this.heap.pop();
      this.readyAt.delete(top.key);
      into(top.key);
    }
  }

  /** Unschedules `key` (its heap entry becomes stale and is skipped). */
  delete(key: K): void {
    this.readyAt.delete(key);
  }

  clear(): void {
    this.heap.clear();
    this.readyAt.clear();
  }

  private dropStale(): void {
    let top = this.heap.peek();
    while (top !== undefined && this.readyAt.get(top.key) !== top.at) {
      this.heap.pop();
      top = this.heap.peek();
    }
  }
}
