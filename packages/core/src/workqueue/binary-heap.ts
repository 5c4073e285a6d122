/**
 * A binary min-heap under a caller's order: the structure behind the delayed keys (earliest
 * ready time first) and the priority queue's ready items (highest priority first).
 * @module
 */

export class BinaryHeap<E> {
  private readonly heap: E[] = [];

  /** `before(a, b)`: `a` comes out before `b`. */
  constructor(private readonly before: (a: E, b: E) => boolean) {}

  get size(): number {
    return this.heap.length;
  }

  push(entry: E): void {
    this.heap.push(entry);
    this.up(this.heap.length - 1);
  }

  peek(): E | undefined {
    return this.heap[0];
  }

  pop(): E | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last !== undefined) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  clear(): void {
    this.heap.length = 0;
  }

  // both sifts move a hole instead of swapping pairs: one write per level, and no array
  // literal (a destructuring swap allocates one until the optimiser removes it)
  private up(i: number): void {
    const h = this.heap;
    const entry = h[i] as E;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = h[parent] as E;
      if (!this.before(entry, above)) break;
      h[i] = above;
      i = parent;
    }
    h[i] = entry;
  }

  private down(i: number): void {
    const h = this.heap;
    const n = h.length;
    const entry = h[i] as E;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.before(h[right] as E, h[left] as E) ? right : left;
      const below = h[child] as E;
      if (!this.before(below, entry)) break;
      h[i] = below;
      i = child;
    }
    h[i] = entry;
  }
}
