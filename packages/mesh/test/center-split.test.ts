// The centre split (src/tree/center-split.ts) on its own terms: a node split where its keys' spread
// is halved, the left side whole leaves, and the median where the middle would leave less than 3/8
// on one side, so that no spacing of the centroids can make the tree deep. The trees it builds are
// held bit for bit to a plain statement of the same rule by tree-build-reference.test.ts.

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
          expect(mid).toBeGreaterThan(0);
          expect(mid).toBeLessThan(n);
          // whole leaves on the left, and everything there at most everything on the right
          if (n > 2 * leafSize) expect(mid % leafSize).toBe(0);
          const left = [...order.subarray(0, mid)].map((i) => xs[i]);
          const right = [...order.subarray(mid)].map((i) => xs[i]);
          expect(Math.max(...left)).toBeLessThanOrEqual(Math.min(...right));
          // the middle of the spread where it leaves 3/8 to 5/8 on the left, else the median
          const c = lo + 0.5 * (hi - lo);
          const below = xs.filter((x) => x < c).length;
          const atMost = xs.filter((x) => x <= c).length;
          const median = leafSize * (Math.ceil(n / leafSize) >>> 1);
          const centred = (k: number) => 8 * k >= 3 * n && 8 * k <= 5 * n;
          if (mid !== median) {
            // a count of 3/8 to 5/8, moved by less than a leaf to make whole leaves
            const whole = 8 * (mid + leafSize - 1) >= 3 * n && 8 * (mid - leafSize + 1) <= 5 * n;
            expect(whole || n <= 2 * leafSize).toBe(true);
            expect(mid > below - leafSize && mid < atMost + leafSize).toBe(true);
          } else if (n > 2 * leafSize && !centred(below) && !centred(atMost)) expect(mid).toBe(median);
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
    // A split far from the half takes the median: the balanced tree, ⌈log2(500 leaves)⌉ levels.
    const bound = 9;
    expect(depthOf(tree.child, tree.count)).toBeLessThanOrEqual(bound);
    // Evenly spaced centroids give the balanced tree: ⌈log2(500)⌉ levels.
    const even = facetsAt(Array.from({ length: 1000 }, (_, k) => k)).tree();
    expect(depthOf(even.child, even.count)).toBe(9);
  });

  it('builds a tree when the centroid keys overflow to infinities', () => {
    // Coordinates near ±1.7e308: a key (the sum of three) is ±∞ and the middle of the spread is no
    // number; the node is split at its median, and every box still holds its facets.
    const big = 1.7e308;
    const xyz: number[] = [];
    for (let k = 0; k < 300; k++) {
      const s = k % 3 === 0 ? big : k % 3 === 1 ? -big : 1;
      xyz.push(s, k, 0, s, k + 1, 0, s * (1 - 1e-9), k, 1);
    }
    const surface = Surface.fromTriangles(xyz);
    const tree = surface.tree();
    expect(depthOf(tree.child, tree.count)).toBeLessThanOrEqual(8);
    for (let node = 0; node < tree.nodeCount; node++) {
      if (tree.count[node] === 0) continue;
      for (let i = tree.child[node]; i < tree.child[node] + tree.count[node]; i++) {
        for (let v = 0; v < 3; v++) {
          const at = 3 * surface.indices[3 * tree.order[i] + v];
          for (let a = 0; a < 3; a++) {
            expect(surface.positions[at + a]).toBeGreaterThanOrEqual(tree.boxes[6 * node + a]);
            expect(surface.positions[at + a]).toBeLessThanOrEqual(tree.boxes[6 * node + 3 + a]);
          }
        }
      }
    }
  });
});
