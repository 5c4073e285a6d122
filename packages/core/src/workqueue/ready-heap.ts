/**
 * The ready items of the priority queue, ordered as controller-runtime's priority queue
 * orders them: the highest priority first and, within a priority, the item that became ready
 * (or was raised to that priority) first. Lazy deletion: an item whose priority or turn
 * changes gets a new entry, and an entry that no longer matches its item (or whose item is no
 * longer ready, `isLive`) is dropped when it surfaces.
 * @module
 */
import { BinaryHeap } from './binary-heap.js';

/** What the heap orders: `seq` is the item's turn, unique and growing, renewed on each move. */
export interface Ranked {
  priority: number;
  seq: number;
}

interface Entry<T extends Ranked> {
  priority: number;
  seq: number;
  item: T;
}

export class ReadyHeap<T extends Ranked> {
  private readonly heap = new BinaryHeap<Entry<T>>(
    (a, b) => a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq),
  );

  /** `isLive(item)`: the item still waits in this heap (its entries are stale otherwise). */
  constructor(private readonly isLive: (item: T) => boolean) {}

  /** Adds an entry for `item` at its current priority and turn. */
  push(item: T): void {
    this.heap.push({ priority: item.priority, seq: item.seq, item });
  }

  /** Removes and returns the first live item. */
  pop(): T | undefined {
    this.dropStale();
    return this.heap.pop()?.item;
  }

  /** Entries held, stale ones included. */
  get entries(): number {
    return this.heap.size;
  }

  clear(): void {
    this.heap.clear();
  }

  private dropStale(): void {
    for (let top = this.heap.peek(); top !== undefined; top = this.heap.peek()) {
      if (top.seq === top.item.seq && top.priority === top.item.priority && this.isLive(top.item)) return;
      this.heap.pop();
    }
  }
}
