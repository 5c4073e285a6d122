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

  private less(i: number, j: number): boolean {
    return this.before(this.heap[i] as E, this.heap[j] as E);
  }

  private swap(i: number, j: number): void {
    const h = this.heap;
    [h[i], h[j]] = [h[j] as E, h[i] as E];
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
      let first = i;
      if (left < n && this.less(left, first)) first = left;
      if (right < n && this.less(right, first)) first = right;
      if (first === i) return;
      this.swap(i, first);
      i = first;
    }
  }
}
