// The frontier of the search without a hint: pops come out by increasing key whatever the order of
// the pushes, interleaved with pops, past the growth of the arrays; each popped pair keeps its nodes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairHeap } from '../src/internal.js';

describe('PairHeap', () => {
  it('pops by increasing key, pairs intact, pushes and pops interleaved', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 10, noNaN: true }), fc.constant(-1)), { maxLength: 2000 }),
        (ops) => {
          const heap = new PairHeap();
          const model: Array<[number, number, number]> = [];
          let n = 0;
          for (const op of ops) {
            if (op >= 0) {
              heap.push(n, 3 * n + 1, op);
              model.push([n, 3 * n + 1, op]);
              n++;
            } else if (model.length > 0) {
              const slot = heap.pop();
              const key = heap.keys[slot];
              const smallest = Math.min(...model.map((m) => m[2]));
              expect(key).toBe(smallest);
              const i = heap.nodes[2 * slot];
              const k = model.findIndex((m) => m[0] === i);
              expect(k).toBeGreaterThanOrEqual(0);
              expect(heap.nodes[2 * slot + 1]).toBe(model[k][1]);
              expect(model[k][2]).toBe(key);
              model.splice(k, 1);
            }
            expect(heap.size).toBe(model.length);
          }
          const rest: number[] = [];
          while (heap.size > 0) rest.push(heap.keys[heap.pop()]);
          expect(rest).toEqual(model.map((m) => m[2]).sort((a, b) => a - b));
        },
      ),
      { numRuns: 100, seed: 0x4ea9 },
    );
  });
});
