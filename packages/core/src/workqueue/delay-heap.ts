/**
 * The keys waiting for a delayed add, as a binary min-heap on ready time, so the queue needs
 * one timer (for the earliest key) instead of one per key. A key re-added with an earlier
 * time gets a new entry; the stale one is skipped when it surfaces.
 * @module
 */

interface Entry<K> {
  at: number;
  seq: number;
  key: K;
}

export class DelayHeap<K> {
  private readonly heap: Entry<K>[] = [];
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
    this.up(this.heap.length - 1);
    return true;
  }

  /** The earliest ready time, or undefined when nothing waits. */
  peekTime(): number | undefined {
    this.dropStale();
    return this.heap[0]?.at;
  }

  /** Removes and returns every key whose time is `<= now`, earliest first. */
  popReady(now: number, into: (key: K) => void): void {
    for (;;) {
      this.dropStale();
      const top = this.heap[0];
      if (top === undefined || top.at > now) return;
      this.pop();
      this.readyAt.delete(top.key);
      into(top.key);
    }
  }

  clear(): void {
    this.heap.length = 0;
    this.readyAt.clear();
  }

  private dropStale(): void {
    let top = this.heap[0];
    while (top !== undefined && this.readyAt.get(top.key) !== top.at) {
      this.pop();
      top = this.heap[0];
    }
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i] as Entry<K>;
    const b = this.heap[j] as Entry<K>;
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const h = this.heap;
    [h[i], h[j]] = [h[j] as Entry<K>, h[i] as Entry<K>];
  }

  private pop(): void {
    const last = this.heap.pop();
    if (this.heap.length > 0 && last !== undefined) {
      this.heap[0] = last;
      this.down(0);
    }
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.heap.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.less(left, smallest)) smallest = left;
      if (right < n && this.less(right, smallest)) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}
