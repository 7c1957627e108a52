// The centre split (src/tree/center-split.ts) on its own terms: a node split where its keys' spread
// is halved, the left side whole leaves, and a refusal where a side would hold less than an eighth,
// so that no spacing of the centroids can make the tree deep. The trees it builds are held bit for
// bit to a plain statement of the same rule by tree-build-reference.test.ts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Surface } from '../src/index.js';
import { centerSplit } from '../src/tree/center-split.js';
import { SELECT_SCRATCH } from '../src/tree/select.js';

/** The depth of a tree: the most nodes on a path from the root to a leaf, less one. */
function depthOf(child: Uint32Array, count: Uint8Array): number {
  let deepest = 0;
  const stack: Array<[number, number]> = [[0, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [number, number];
    if (count[node] > 0) deepest = Math.max(deepest, depth);
    else stack.push([node + 1, depth + 1], [child[node], depth + 1]);
  }
  return deepest;
}

/** Tiny facets centred at the given x (y, z about 0), each a triangle of its own vertices. */
function facetsAt(xs: number[]): Surface {
  const xyz: number[] = [];
  for (const x of xs) xyz.push(x, 0, 0, x, 1e-3, 0, x, 0, 1e-3);
  return Surface.fromTriangles(xyz);
}

describe('centerSplit', () => {
  it('splits at the middle of the spread and leaves whole leaves on the left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 5, maxLength: 200 }),
        fc.integer({ min: 1, max: 4 }),
        (xs, leafSize) => {
          const n = xs.length;
          const key = new Float64Array(3 * n);
          xs.forEach((x, i) => {
            key[3 * i] = x;
            key[3 * i + 1] = i;
          });
          const order = Uint32Array.from({ length: n }, (_, i) => i);
          const lo = Math.min(...xs);
          const hi = Math.max(...xs);
          const mid = centerSplit(order, key, 0, 0, n, leafSize, lo, hi, new Int32Array(SELECT_SCRATCH));
          // the same elements, each with its own key
          expect([...order].sort((a, b) => a - b)).toEqual(xs.map((_, i) => i));
          for (let p = 0; p < n; p++) expect(key[3 * p]).toBe(xs[order[p]]);
          if (mid < 0) return;
          expect((mid % leafSize === 0 && mid > 0 && mid < n) || n <= 2 * leafSize).toBe(true);
          expect(8 * mid).toBeGreaterThanOrEqual(n - 8 * leafSize);
          const left = xs.filter((_, i) => [...order.subarray(0, mid)].includes(i));
          const right = xs.filter((_, i) => [...order.subarray(mid)].includes(i));
          expect(Math.max(...left)).toBeLessThanOrEqual(Math.min(...right));
          // Away from the moves that make whole leaves, the middle divides the sides.
          const c = lo + 0.5 * (hi - lo);
          const below = xs.filter((x) => x < c).length;
          expect(Math.abs(mid - below)).toBeLessThan(leafSize);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the tree shallow however the centroids are spaced', () => {
    // Centroids in pairs at 1, 2, 4, 8, …: the middle of any node's spread holds all but its two
    // largest keys on one side, so splits at the middle alone would peel a leaf a level (500 levels).
    const xs = Array.from({ length: 1000 }, (_, k) => 2 ** ((k >> 1) - 250));
    const tree = facetsAt(xs).tree();
    // Each split leaves at least an eighth on either side: depth at most log(500 leaves) / log(8/7).
    const bound = Math.ceil(Math.log(500) / Math.log(8 / 7)) + 1;
    expect(depthOf(tree.child, tree.count)).toBeLessThanOrEqual(bound);
    // Evenly spaced centroids give the balanced tree: ⌈log2(500)⌉ levels.
    const even = facetsAt(Array.from({ length: 1000 }, (_, k) => k)).tree();
    expect(depthOf(even.child, even.count)).toBe(9);
  });
});
