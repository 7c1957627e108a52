import { CROSS_I, partition, type SELECT_SCRATCH } from './select.js';

/**
 * The split of a surface tree's node at the middle of its centroids' spread along its longest axis
 * (the split three-mesh-bvh builds by default), in one pass: the keys below the middle go left. The
 * number on the left is then made a whole number of leaves by moving the fewest extreme keys across
 * (so every leaf but the last stays full: ⌈n / leafSize⌉ leaves, the node count and memory of the
 * median split). A split that leaves less than an eighth of the node on one side is refused (−1:
 * the caller takes the median), so the tree's depth stays O(log n) on any input, however its
 * centroids are spaced (keys spaced 1, 2, 4, 8, … would peel one off a level).
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
  const c = lo + 0.5 * (hi - lo);
  // Hoare's pass around the middle (some key is at most it, some at least: the least and the
  // largest), the keys equal to it on either side.
  partition(order, key, 3, axis, start, end - 1, c, scratch);
  let p = scratch[CROSS_I];
  const size = end - start;
  const count = p - start;
  if (8 * count < size || 8 * count > 7 * size) return -1;
  const r = count % leafSize;
  if (r === 0) return p;
  if (leafSize - r <= r) {
    // The right side's least keys join the left, one scan each.
    for (let m = r; m < leafSize; m++) {
      let best = p;
      let least = key[3 * p + axis];
      for (let t = p + 1, q = 3 * t + axis; t < end; t++, q += 3) {
        const k = key[q];
        if (k < least) {
          least = k;
          best = t;
        }
      }
      swapElements(order, key, p, best);
      p++;
    }
  } else {
    // The left side's largest keys join the right.
    for (let m = 0; m < r; m++) {
      let best = p - 1;
      let most = key[3 * best + axis];
      for (let t = p - 2, q = 3 * t + axis; t >= start; t--, q -= 3) {
        const k = key[q];
        if (k > most) {
          most = k;
          best = t;
        }
      }
      swapElements(order, key, p - 1, best);
      p--;
    }
  }
  return p > start && p < end ? p : -1;
}

/** Swaps the elements at positions `i` and `j`, each with its key. */
function swapElements(order: Uint32Array, key: Float64Array, i: number, j: number): void {
  const o = order[i];
  order[i] = order[j];
  order[j] = o;
  const si = 3 * i;
  const sj = 3 * j;
  for (let a = 0; a < 3; a++) {
    const k = key[si + a];
    key[si + a] = key[sj + a];
    key[sj + a] = k;
  }
}
