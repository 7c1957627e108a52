import { CROSS_I, partition, type SELECT_SCRATCH, select, swap } from './select.js';

/**
 * The split of a surface tree's node at the middle of its centroids' spread along its longest axis
 * (three-mesh-bvh's default split), in one pass, where that middle leaves between 3/8 and 5/8 of
 * the node on each side: the keys below the middle go left, and the number on the left is made a
 * whole number of leaves by moving the fewest extreme keys across (so every leaf but the last stays
 * full: ⌈n / leafSize⌉ leaves, the node count and memory of the median split). Elsewhere the node
 * is split at its median after all, selected in the side that holds it: splits far from the half
 * made the trees of boxes and grids deeper and their distance queries visit up to a quarter more
 * node pairs (the package's DECISIONS.md), and a median split keeps the tree's depth O(log n)
 * however the centroids are spaced (keys spaced 1, 2, 4, 8, … would peel one off a level).
 *
 * Keys are 3 numbers an element (the centroid times 3), moving with `order`; `lo` and `hi` are the
 * least and largest key of the node on `axis`; `scratch` holds {@link SELECT_SCRATCH} positions.
 * Returns the first position of the right child.
 *
 * @example
 * ```ts
 * import { centerSplit, SELECT_SCRATCH } from '@firsttouch/mesh/internal';
 * // four centroids on x: 0, 9, 1, 10 (keys of 3, y = z = 0); the middle of [0, 10] is 5
 * const order = Uint32Array.of(0, 1, 2, 3);
 * const key = Float64Array.of(0, 0, 0, 9, 0, 0, 1, 0, 0, 10, 0, 0);
 * const mid = centerSplit(order, key, 0, 0, 4, 2, 0, 10, new Int32Array(SELECT_SCRATCH));
 * console.log(mid, [...order.subarray(0, 2)].sort().join()); // 2 0,2
 * ```
 */
export function centerSplit(
  order: Uint32Array,
  key: Float64Array,
  axis: number,
  start: number,
  end: number,
  leafSize: number,
  lo: number,
  hi: number,
  scratch: Int32Array,
): number {
  const size = end - start;
  const c = lo + 0.5 * (hi - lo);
  // Keys of coordinates near ±1.8e308 overflow to ±∞, and the middle of such a spread is no number:
  // the median then (the same as a middle far from the half).
  let p = start;
  if (c >= lo && c <= hi) {
    // Hoare's pass around the middle (some key is at most it, some at least: the least and the
    // largest), the keys equal to it on either side.
    partition(order, key, 3, axis, start, end - 1, c, scratch);
    p = scratch[CROSS_I];
  }
  const count = p - start;
  if (8 * count < 3 * size || 8 * count > 5 * size) {
    // Half the leaves to the left, whole, as the median split: the elements below the middle are
    // below the rest, so only the side that holds the median position is selected in.
    const mid = start + leafSize * (Math.ceil(size / leafSize) >>> 1);
    if (mid >= p) select(order, key, 3, axis, p, end - 1, mid, scratch);
    else select(order, key, 3, axis, start, p - 1, mid, scratch);
    return mid;
  }
  const r = count % leafSize;
  if (r === 0) return p;
  if (leafSize - r <= r) {
    // The right side's least keys join the left, one scan each.
    for (let m = r; m < leafSize; m++, p++) swap(order, key, 3, p, leastAt(key, axis, p, end));
  } else {
    // The left side's largest keys join the right.
    for (let m = 0; m < r; m++, p--) swap(order, key, 3, p - 1, largestAt(key, axis, start, p));
  }
  // Both sides keep elements: 3/8 of a node of more than two leaves is over half a leaf, and the
  // moves round the count to its nearest whole leaves.
  return p;
}

/**
 * A node of at most two leaves: its `leafSize` least keys on `axis` moved to its front, one scan
 * each; returns where the second leaf starts. The sets a median or a centre split would make,
 * without their passes.
 */
export function leastFirst(
  order: Uint32Array,
  key: Float64Array,
  axis: number,
  start: number,
  end: number,
  leafSize: number,
): number {
  const mid = start + leafSize;
  for (let p = start; p < mid; p++) swap(order, key, 3, p, leastAt(key, axis, p, end));
  return mid;
}

/** The position of the least key on `axis` among `from..end - 1` (the first of equal ones). */
function leastAt(key: Float64Array, axis: number, from: number, end: number): number {
  let best = from;
  let low = key[3 * from + axis];
  for (let t = from + 1, q = 3 * t + axis; t < end; t++, q += 3) {
    const k = key[q];
    if (k < low) {
      low = k;
      best = t;
    }
  }
  return best;
}

/** The position of the largest key on `axis` among `start..to - 1` (the last of equal ones). */
function largestAt(key: Float64Array, axis: number, start: number, to: number): number {
  let best = to - 1;
  let high = key[3 * best + axis];
  for (let t = to - 2, q = 3 * t + axis; t >= start; t--, q -= 3) {
    const k = key[q];
    if (k > high) {
      high = k;
      best = t;
    }
  }
  return best;
}
