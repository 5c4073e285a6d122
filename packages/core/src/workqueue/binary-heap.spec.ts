import { describe, expect, it } from '@jest/globals';
import { BinaryHeap } from './binary-heap.js';

describe('BinaryHeap', () => {
  it('pops in the order `before` gives, equal entries included, through interleaved pushes and pops', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const heap = new BinaryHeap<{ at: number; seq: number }>((a, b) => a.at < b.at || (a.at === b.at && a.seq < b.seq));
    const model: { at: number; seq: number }[] = [];
    const popped: number[] = [];
    const expected: number[] = [];
    for (let seq = 0; seq < 2000; seq++) {
      const entry = { at: Math.floor(random() * 50), seq };
      heap.push(entry);
      model.push(entry);
      if (random() < 0.4) {
        model.sort((a, b) => a.at - b.at || a.seq - b.seq);
        expected.push((model.shift() as { seq: number }).seq);
        popped.push((heap.pop() as { seq: number }).seq);
      }
    }
    model.sort((a, b) => a.at - b.at || a.seq - b.seq);
    expected.push(...model.map((e) => e.seq));
    while (heap.size > 0) popped.push((heap.pop() as { seq: number }).seq);
    expect(popped).toEqual(expected);
    expect(heap.pop()).toBeUndefined();
  });
});
