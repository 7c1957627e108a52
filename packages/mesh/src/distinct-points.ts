import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * The distinct points of a flat array (`dim` numbers a point), each once, in order of first
 * appearance. Points are equal when their coordinates are equal bit for bit (so 0 and −0 stay
 * apart: a point too many, never one too few). One pass with an open-addressing hash table: linear in
 * the number of points, for triangle soups of millions of facets too (coordinates crafted to flood
 * the table are welded by a sort instead: O(n log n) at worst).
 *
 * @example
 * ```ts
 * import { distinctPoints } from '@firsttouch/mesh';
 * console.log(Array.from(distinctPoints(new Float64Array([1, 2, 3, 1, 2, 3, 4, 5, 6]), 3))); // [1, 2, 3, 4, 5, 6]
 * ```
 */
export function distinctPoints(xyz: Float64Array, dim: 2 | 3): Float64Array {
  checkPoints(xyz, dim, 'distinctPoints');
  const { first, count } = weldPoints(xyz, dim);
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
  checkPoints(xyz, dim, 'distinctPointIndex');
  return weldPoints(xyz, dim).index;
}

/**
 * The arguments of the exported welds: `dim` 2 or 3, `xyz` a Float64Array of whole points (a `dim`
 * of 0 threw a raw RangeError, a plain array a TypeError, a length not a multiple of `dim` dropped
 * the last numbers silently).
 */
function checkPoints(xyz: unknown, dim: unknown, where: string): void {
  if (dim !== 2 && dim !== 3)
    throw new FirstTouchError('INVALID_OPTION', `${where}: dim must be 2 or 3, got ${describeValue(dim)}`);
  if (!(xyz instanceof Float64Array))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: the points must be a Float64Array, got ${describeValue(xyz)}`,
    );
  if (xyz.length % dim !== 0)
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${where}: ${xyz.length} numbers are not whole points of ${dim} coordinates`,
    );
}

/** What {@link weldPoints} returns: each point's distinct index, the first point of each distinct one. */
export interface Welded {
  index: Uint32Array;
  first: Uint32Array;
  count: number;
}

/**
 * Probes of the hash table a point, on average, past which the table is taken to be flooded and the
 * points are welded by sorting instead: ordinary data probes about twice a point (the table is at
 * most half full); coordinates crafted so that every point hashes to one slot made each point walk
 * all the others (60 000 points took 5.5 s, 120 000 took 24 s).
 */
const PROBES_A_POINT = 16;

/**
 * The points of a flat array (`dim` numbers a point) welded: each point's distinct index, in order
 * of first appearance, and the first point of each. Equal means equal bit for bit, or with
 * `signedZero` false, equal as numbers (0 and −0 one point: what connects a surface's facets). An
 * open-addressing hash table, linear in the points; where the probes pass {@link PROBES_A_POINT} a
 * point (a flooded table), a sort of the points by their bits finishes in O(n log n) whatever the
 * coordinates. The one weld of the package (distinct vertices, components).
 */
export function weldPoints(xyz: Float64Array, dim: 2 | 3, signedZero = true): Welded {
  const n = Math.floor(xyz.length / dim);
  const words = 2 * dim;
  // The bits of each coordinate, two 32-bit words, from an aligned copy (xyz may be a view at any
  // offset), −0 as +0 unless the sign of zero counts.
  const bits = new Uint32Array(new Float64Array(xyz.subarray(0, n * dim)).buffer);
  if (!signedZero) {
    // (little-endian words: the high word of −0 is 0x80000000, its low word 0)
    for (let w = 1; w < bits.length; w += 2) if (bits[w] === 0x80000000 && bits[w - 1] === 0) bits[w] = 0;
  }
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  // The distinct index of the point that took each slot (−1: free).
  const table = new Int32Array(size).fill(-1);
  const first = new Uint32Array(n);
  const index = new Uint32Array(n);
  let count = 0;
  let budget = PROBES_A_POINT * n + 64;
  for (let i = 0; i < n; i++) {
    let h = 0x811c9dc5;
    for (let w = words * i; w < words * (i + 1); w++) h = Math.imul(h ^ bits[w], 0x01000193);
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
      for (let w = 0; w < words && same; w++) same = bits[words * j + w] === bits[words * i + w];
      if (same) {
        index[i] = k;
        break;
      }
      if (--budget < 0) return weldBySort(bits, words, n);
      slot = (slot + 1) & mask;
    }
  }
  return { index, first, count };
}

/** {@link weldPoints} by a sort of the points on their bits (then on their index): O(n log n). */
function weldBySort(bits: Uint32Array, words: number, n: number): Welded {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    for (let w = 0; w < words; w++) {
      const x = bits[words * a + w];
      const y = bits[words * b + w];
      if (x !== y) return x < y ? -1 : 1;
    }
    return a - b;
  });
  // each point's group leader (its group's first point, in index order: the sort keeps it first)
  const leader = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    let same = k > 0;
    if (same) {
      const p = order[k - 1];
      for (let w = 0; w < words && same; w++) same = bits[words * p + w] === bits[words * i + w];
    }
    leader[i] = same ? leader[order[k - 1]] : i;
  }
  // distinct indices in order of first appearance: a point that leads its group opens the next
  const first = new Uint32Array(n);
  const index = new Uint32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (leader[i] === i) {
      first[count] = i;
      index[i] = count++;
    } else index[i] = index[leader[i]];
  }
  return { index, first, count };
}
