// The window's lazy order against the full sort it replaced: popped to the end, or stopped part way
// and resumed, the heap lists the candidates exactly as the sort by (bound, i, j) does, with many
// bounds tied (−0 and 0 among them) and many pairs sharing their i, in any order of the candidates
// (a pair source gives them unsorted) and in a scratch view holding another call's leftovers.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heapByBound, popByBound } from '../src/bound-order.js';
import { Scratch, U32 } from '../src/scratch.js';

/** Candidates as the search holds them: distinct pairs i < j, a bound each. */
const candidates = fc
  .uniqueArray(
    fc
      .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 30 }))
      .map(([i, d]) => [i, i + d] as const),
    { selector: ([i, j]) => `${i},${j}`, maxLength: 400 },
  )
  .chain((pairs) =>
    fc.record({
      pairs: fc.constant(pairs),
      bounds: fc.array(
        fc.oneof(fc.constantFrom(0, -0, 0.125, 0.25, 0.5), fc.double({ min: 0, max: 1, noNaN: true })),
        { minLength: pairs.length, maxLength: pairs.length },
      ),
    }),
  );

/** The order the search used before: a full sort of the indices by (bound, i, j). */
function sorted(bounds: Float64Array, pairs: Uint32Array): number[] {
  const order = new Uint32Array(bounds.length);
  for (let x = 0; x < order.length; x++) order[x] = x;
  order.sort(
    (p, q) => bounds[p] - bounds[q] || pairs[2 * p] - pairs[2 * q] || pairs[2 * p + 1] - pairs[2 * q + 1],
  );
  return Array.from(order);
}

describe('the lazy order of a window (bound-order.ts)', () => {
  it('pops the candidates in the full sort order, ties in bound by i then j', () => {
    fc.assert(
      fc.property(candidates, fc.nat(), ({ pairs, bounds }, stop) => {
        const P = Uint32Array.from(pairs.flat());
        const key = Float64Array.from(bounds);
        const m = key.length;
        // a view of a scratch slot left full of another call's numbers
        const scratch = new Scratch();
        scratch.u32(U32.live, m + 37).fill(0xdeadbeef);
        const heap = scratch.u32(U32.live, m);
        heapByBound(heap, key, P);
        const popped: number[] = [];
        // stop part way (as the search does at a bound past its best), then go on to the end
        const first = m === 0 ? 0 : stop % (m + 1);
        let size = m;
        for (; size > m - first; size--) popped.push(popByBound(heap, size, key, P));
        expect(heap.subarray(0, size).every((x) => x < m)).toBe(true);
        for (; size > 0; size--) popped.push(popByBound(heap, size, key, P));
        expect(popped).toEqual(sorted(key, P));
      }),
      { numRuns: 300 },
    );
  });

  it('the first of a window with every bound tied is its smallest pair', () => {
    const P = Uint32Array.from([3, 9, 1, 7, 3, 4, 1, 2, 0, 5]);
    const key = new Float64Array(5);
    key[2] = -0;
    const heap = new Uint32Array(5);
    heapByBound(heap, key, P);
    const out: number[] = [];
    for (let size = 5; size > 0; size--) out.push(popByBound(heap, size, key, P));
    expect(out.map((x) => `${P[2 * x]}-${P[2 * x + 1]}`)).toEqual(['0-5', '1-2', '1-7', '3-4', '3-9']);
  });
});
