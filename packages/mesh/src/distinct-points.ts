/**
 * The distinct points of a flat array (`dim` numbers a point), each once, in order of first
 * appearance. Points are equal when their coordinates are equal bit for bit (so 0 and −0 stay
 * apart: a point too many, never one too few). One pass with an open-addressing hash table: linear in
 * the number of points, for triangle soups of millions of facets too.
 *
 * @example
 * ```ts
 * import { distinctPoints } from '@firsttouch/mesh';
 * console.log(Array.from(distinctPoints(new Float64Array([1, 2, 3, 1, 2, 3, 4, 5, 6]), 3))); // [1, 2, 3, 4, 5, 6]
 * ```
 */
export function distinctPoints(xyz: Float64Array, dim: 2 | 3): Float64Array {
  const { first, count } = weld(xyz, dim);
  const out = new Float64Array(count * dim);
  for (let k = 0; k < count; k++) for (let a = 0; a < dim; a++) out[k * dim + a] = xyz[first[k] * dim + a];
  return out;
}

/**
 * For each point of a flat array, the index of its point in {@link distinctPoints}' list (equal bit
 * for bit, in order of first appearance): what welds the corners of a triangle soup onto its distinct
 * vertices.
 *
 * @example
 * ```ts
 * import { distinctPointIndex } from '@firsttouch/mesh';
 * console.log(Array.from(distinctPointIndex(new Float64Array([1, 2, 3, 4, 1, 2]), 2))); // [0, 1, 0]
 * ```
 */
export function distinctPointIndex(xyz: Float64Array, dim: 2 | 3): Uint32Array {
  return weld(xyz, dim).index;
}

/** The hash pass: each point's distinct index, and the first point of each distinct one. */
function weld(xyz: Float64Array, dim: 2 | 3): { index: Uint32Array; first: Uint32Array; count: number } {
  const n = Math.floor(xyz.length / dim);
  // The bits of each coordinate, two 32-bit words, from an aligned copy (xyz may be a view at any offset).
  const bits = new Uint32Array(new Float64Array(xyz.subarray(0, n * dim)).buffer);
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  // The distinct index of the point that took each slot (−1: free).
  const table = new Int32Array(size).fill(-1);
  const first = new Uint32Array(n);
  const index = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    let h = 0x811c9dc5;
    for (let w = 2 * dim * i; w < 2 * dim * (i + 1); w++) h = Math.imul(h ^ bits[w], 0x01000193);
    h ^= h >>> 15;
    let slot = h & mask;
    for (;;) {
      const k = table[slot];
      if (k < 0) {
        table[slot] = count;
        first[count] = i;
        index[i] = count++;
        break;
      }
      const j = first[k];
      let same = true;
      for (let w = 0; w < 2 * dim && same; w++) same = bits[2 * dim * j + w] === bits[2 * dim * i + w];
      if (same) {
        index[i] = k;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { index, first, count };
}
