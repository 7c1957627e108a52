import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { gridOverlaps } from './grid-pairs.js';
import { borrowed, F64, I32, Scratch, U32 } from './scratch.js';

/**
 * The pairs of overlapping axis-aligned boxes (closed: touching boxes overlap), by sweep-and-prune:
 * the boxes are sorted along the axis where their centres spread most and swept with an active list,
 * inside the columns of a coarse grid across the other axes, so that a sweep meets only its
 * neighbours (O(n log n + pairs) for boxes of similar size, not O(n²)). Each pair is reported once,
 * by the column that holds the lower corner of the two boxes' intersection. In 3-D, boxes of
 * similar sizes go to a uniform grid instead (cells a hair over the largest box; the same pairs).
 *
 * @param boxes - `2 · dim` numbers a box: its smallest coordinates, then its largest.
 * @returns the pairs `[i0, j0, i1, j1, ...]`, `i < j`, in lexicographic order.
 * @throws `FirstTouchError` `BAD_LENGTH` when the length is not a multiple of `2 · dim`,
 *   `NON_FINITE` naming a box with a NaN coordinate, `INVALID_OPTION` for a box whose min exceeds
 *   its max or a `dim` other than 2 or 3.
 * @example
 * ```ts
 * import { sweepAndPrune } from '@firsttouch/broadphase';
 * const boxes = new Float64Array([0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 2, 2, 2, 5, 5, 5, 6, 6, 6]);
 * console.log(Array.from(sweepAndPrune(boxes))); // [0, 1]
 * ```
 */
export function sweepAndPrune(boxes: Float64Array, dim: 2 | 3 = 3): Uint32Array {
  checkBoxes(boxes, dim);
  return borrowed((scratch) =>
    lexicographic(overlapsIn(boxes, dim, scratch), boxes.length / (2 * dim), scratch).slice(),
  );
}

/**
 * The pairs `i, j` (`i < j`) of `pairs`, among n bodies, in lexicographic order: a counting sort
 * on i, then each i's few j sorted. A view of `scratch`.
 */
export function lexicographic(pairs: Uint32Array, n: number, scratch: Scratch): Uint32Array {
  const m = pairs.length >>> 1;
  const first = scratch.u32(U32.firsts, n + 1).fill(0);
  for (let k = 0; k < m; k++) first[pairs[2 * k] + 1]++;
  for (let i = 0; i < n; i++) first[i + 1] += first[i];
  // each i's j, in its run (first[i] is moved to the run's end as it fills, then back)
  const js = scratch.u32(U32.lexJ, m);
  for (let k = 0; k < m; k++) js[first[pairs[2 * k]]++] = pairs[2 * k + 1];
  const out = scratch.u32(U32.pairsSorted, 2 * m);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const end = first[i];
    if (end === at) continue;
    if (end - at > 16) js.subarray(at, end).sort();
    else {
      for (let x = at + 1; x < end; x++) {
        const j = js[x];
        let y = x;
        for (; y > at && js[y - 1] > j; y--) js[y] = js[y - 1];
        js[y] = j;
      }
    }
    for (let x = at; x < end; x++) {
      out[2 * x] = i;
      out[2 * x + 1] = js[x];
    }
    at = end;
  }
  return out;
}

/**
 * The overlapping pairs of {@link sweepAndPrune} (`i < j` in each), in no particular order: for
 * callers that order them their own way.
 *
 * @example
 * ```ts
 * import { overlappingPairs } from '@firsttouch/broadphase/internal';
 * const boxes = new Float64Array([0, 0, 1, 1, 0.5, 0.5, 2, 2, 5, 5, 6, 6]);
 * console.log(Array.from(overlappingPairs(boxes, 2))); // [0, 1]
 * ```
 */
export function overlappingPairs(boxes: Float64Array, dim: 2 | 3): Uint32Array {
  checkBoxes(boxes, dim);
  return borrowed((scratch) => overlapsIn(boxes, dim, scratch).slice());
}

/** Throws unless `boxes` holds boxes of `dim` axes (see {@link sweepAndPrune}). */
export function checkBoxes(boxes: Float64Array, dim: 2 | 3): void {
  if (dim !== 2 && dim !== 3)
    throw new FirstTouchError('INVALID_OPTION', `dim must be 2 or 3, got ${describeValue(dim)}`);
  const stride = 2 * dim;
  if (!(boxes instanceof Float64Array) || boxes.length % stride !== 0) {
    throw new FirstTouchError('BAD_LENGTH', `boxes must be a Float64Array of ${stride} numbers a box`);
  }
  const n = boxes.length / stride;
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      // (true for a NaN too; the message is worded elsewhere, so the loop keeps its numbers unboxed)
      if (!(boxes[i * stride + a] <= boxes[i * stride + dim + a])) badBox(boxes, dim, i, a);
    }
  }
}

/** Throws the error of box i, axis a, which {@link checkBoxes} found to be NaN or inverted. */
function badBox(boxes: Float64Array, dim: number, i: number, a: number): never {
  const lo = boxes[i * 2 * dim + a];
  const hi = boxes[i * 2 * dim + dim + a];
  if (Number.isNaN(lo) || Number.isNaN(hi))
    throw new FirstTouchError('NON_FINITE', `box ${i} has a NaN coordinate`);
  throw new FirstTouchError('INVALID_OPTION', `box ${i}: min ${lo} > max ${hi} on axis ${a}`);
}

/**
 * The overlapping pairs of checked boxes (see {@link overlappingPairs}), in no particular order: a
 * view of `scratch`, valid until its next use. With `flush`, whenever `blockPairs` pairs are found
 * they go to `flush` (a view, valid during the call), which returns how many pairs the next block
 * holds, and the buffer starts again: the pairs returned are those found after the last flush, and
 * the memory stays bounded however many boxes overlap.
 */
export function overlapsIn(
  boxes: Float64Array,
  dim: 2 | 3,
  scratch: Scratch,
  flush?: (pairs: Uint32Array) => number,
  blockPairs = Number.POSITIVE_INFINITY,
): Uint32Array {
  const stride = 2 * dim;
  const n = boxes.length / stride;
  if (n < 2) return scratch.u32(U32.overlaps, 0);
  // (a flush only once a block is full: without one the buffer grows)
  let limit = flush === undefined ? Number.POSITIVE_INFINITY : 2 * Math.max(1, Math.floor(blockPairs));
  // boxes of similar sizes: a uniform grid finds the same pairs with less memory traffic
  if (dim === 3) {
    const grid = gridOverlaps(boxes, scratch, flush, limit);
    if (grid !== null) return grid;
  }

  // The sweep axis: where the centres spread most. The others carry the grid of columns.
  const mean = new Float64Array(dim);
  const spread = new Float64Array(dim);
  const extent = new Float64Array(dim);
  const low = new Float64Array(dim).fill(Number.POSITIVE_INFINITY);
  const high = new Float64Array(dim).fill(Number.NEGATIVE_INFINITY);
  // The statistics read the finite numbers only: a box may reach ±∞ (an unplaced box's ends, or a
  // far one grown past float64), and one infinite mean or span made every column NaN and lost every
  // pair. The cells then clamp such a box into the outer columns, where the tests find its pairs.
  const finite = new Float64Array(dim);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const lo = boxes[i * stride + a];
      const hi = boxes[i * stride + dim + a];
      const c = 0.5 * lo + 0.5 * hi;
      const w = hi - lo;
      if (c - c === 0 && w - w === 0) {
        mean[a] += c / n;
        extent[a] += w / n;
        finite[a]++;
      }
      if (lo < low[a] && lo - lo === 0) low[a] = lo;
      if (hi > high[a] && hi - hi === 0) high[a] = hi;
      if (lo > high[a] && lo - lo === 0) high[a] = lo;
      if (hi < low[a] && hi - hi === 0) low[a] = hi;
    }
  }
  for (let a = 0; a < dim; a++) {
    // (n / n is 1: boxes all finite keep their sums to the bit)
    if (finite[a] < n && finite[a] > 0) {
      mean[a] *= n / finite[a];
      extent[a] *= n / finite[a];
    }
    if (!(high[a] >= low[a])) {
      low[a] = 0;
      high[a] = 0;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const c = 0.5 * boxes[i * stride + a] + 0.5 * boxes[i * stride + dim + a] - mean[a];
      if (c - c === 0) spread[a] += c * c;
    }
  }
  let sweep = 0;
  for (let a = 1; a < dim; a++) if (spread[a] > spread[sweep]) sweep = a;
  const gridAxes = [0, 1, 2].slice(0, dim).filter((a) => a !== sweep);
  // Columns about twice the mean box size, at most n of them in all.
  const cap = Math.max(1, Math.floor(n ** (1 / gridAxes.length)));
  const cells = gridAxes.map((a) => {
    const span = high[a] - low[a];
    const want = extent[a] > 0 ? Math.floor(span / (2 * extent[a])) : cap;
    // (a span past float64, ±1.7e308 both: one column, not NaN of them)
    return want >= 1 ? Math.min(cap, want, 4096) : 1;
  });
  const size = gridAxes.map((a, k) => {
    const w = (high[a] - low[a]) / cells[k];
    return w > 0 && w < Number.POSITIVE_INFINITY ? w : 1;
  });
  const columns = cells.reduce((p, c) => p * c, 1);

  // The boxes in sweep order (by their min along the sweep axis, then index), sorted once.
  const keys = scratch.f64(F64.sortKeys, n);
  for (let i = 0; i < n; i++) keys[i] = boxes[i * stride + sweep];
  const order = sortedByKey(keys, scratch);

  // Boxes by column (compressed rows): count, prefix, fill in sweep order, so each column is sorted.
  // Each entry carries a copy of its box (sweep min and max, then the grid axes' min and max), so
  // that a column's sweep reads memory in order.
  const g0 = gridAxes[0];
  const g1 = gridAxes.length > 1 ? gridAxes[1] : -1;
  const low0 = low[g0];
  const low1 = g1 >= 0 ? low[g1] : 0;
  const size0 = size[0];
  const size1 = g1 >= 0 ? size[1] : 1;
  const cells0 = cells[0];
  const cells1 = g1 >= 0 ? cells[1] : 1;
  // The boxes gathered in sweep order first, in a loop that does nothing else (at 10⁵ boxes each
  // read is a cache miss, and a short loop keeps many in flight); all that follows reads in order.
  const sorted = scratch.f64(F64.sortedBoxes, 6 * n);
  for (let x = 0; x < n; x++) {
    const o = order[x] * stride;
    sorted[6 * x] = boxes[o + sweep];
    sorted[6 * x + 1] = boxes[o + dim + sweep];
    sorted[6 * x + 2] = boxes[o + g0];
    sorted[6 * x + 3] = boxes[o + dim + g0];
    sorted[6 * x + 4] = g1 >= 0 ? boxes[o + g1] : 0;
    sorted[6 * x + 5] = g1 >= 0 ? boxes[o + dim + g1] : 0;
  }
  // each box's range of columns (in sweep order): u0, u1, v0, v1
  const span = scratch.i32(I32.span, 4 * n);
  for (let x = 0; x < n; x++) {
    const o = 6 * x;
    let u0 = Math.floor((sorted[o + 2] - low0) / size0);
    let u1 = Math.floor((sorted[o + 3] - low0) / size0);
    u0 = u0 < 0 ? 0 : u0 >= cells0 ? cells0 - 1 : u0;
    u1 = u1 < 0 ? 0 : u1 >= cells0 ? cells0 - 1 : u1;
    let v0 = 0;
    let v1 = 0;
    if (g1 >= 0) {
      v0 = Math.floor((sorted[o + 4] - low1) / size1);
      v1 = Math.floor((sorted[o + 5] - low1) / size1);
      v0 = v0 < 0 ? 0 : v0 >= cells1 ? cells1 - 1 : v0;
      v1 = v1 < 0 ? 0 : v1 >= cells1 ? cells1 - 1 : v1;
    }
    span[4 * x] = u0;
    span[4 * x + 1] = u1;
    span[4 * x + 2] = v0;
    span[4 * x + 3] = v1;
  }
  const start = scratch.u32(U32.columnStart, columns + 1).fill(0);
  for (let x = 0; x < n; x++) {
    for (let u = span[4 * x]; u <= span[4 * x + 1]; u++)
      for (let v = span[4 * x + 2]; v <= span[4 * x + 3]; v++) start[u * cells1 + v + 1]++;
  }
  for (let c = 0; c < columns; c++) start[c + 1] += start[c];
  const total = start[columns];
  const members = scratch.u32(U32.members, total);
  const copy = scratch.f64(F64.entryBoxes, 6 * total);
  const fill = scratch.u32(U32.columnFill, columns);
  fill.set(start.subarray(0, columns));
  for (let x = 0; x < n; x++) {
    const i = order[x];
    const o = 6 * x;
    const s0 = sorted[o];
    const s1 = sorted[o + 1];
    const a0 = sorted[o + 2];
    const a1 = sorted[o + 3];
    const c0 = sorted[o + 4];
    const c1 = sorted[o + 5];
    for (let u = span[4 * x]; u <= span[4 * x + 1]; u++) {
      for (let v = span[4 * x + 2]; v <= span[4 * x + 3]; v++) {
        const e = fill[u * cells1 + v]++;
        members[e] = i;
        copy[6 * e] = s0;
        copy[6 * e + 1] = s1;
        copy[6 * e + 2] = a0;
        copy[6 * e + 3] = a1;
        copy[6 * e + 4] = c0;
        copy[6 * e + 5] = c1;
      }
    }
  }

  let out = scratch.growU32(U32.overlaps, 2 * n, 0);
  let count = 0;
  // the live entries of a column's sweep (entry numbers)
  let active = scratch.growU32(U32.active, 64, 0);
  for (let col = 0; col < columns; col++) {
    const first = start[col];
    const end = start[col + 1];
    if (end - first < 2) continue;
    let live = 0;
    for (let x = first; x < end; x++) {
      const b = members[x];
      const minB = copy[6 * x];
      const b0lo = copy[6 * x + 2];
      const b0hi = copy[6 * x + 3];
      const b1lo = copy[6 * x + 4];
      const b1hi = copy[6 * x + 5];
      let keep = 0;
      for (let y = 0; y < live; y++) {
        const e = active[y];
        if (copy[6 * e + 1] < minB) continue; // ended before b starts: drop it
        active[keep++] = e;
        const a0lo = copy[6 * e + 2];
        const a0hi = copy[6 * e + 3];
        if (a0hi < b0lo || b0hi < a0lo) continue;
        const a1lo = copy[6 * e + 4];
        const a1hi = copy[6 * e + 5];
        if (a1hi < b1lo || b1hi < a1lo) continue;
        // Report the pair in the column of its intersection's lower corner only.
        const m0 = a0lo > b0lo ? a0lo : b0lo;
        let u = Math.floor((m0 - low0) / size0);
        u = u < 0 ? 0 : u >= cells0 ? cells0 - 1 : u;
        let owner = u;
        if (g1 >= 0) {
          const m1 = a1lo > b1lo ? a1lo : b1lo;
          let v = Math.floor((m1 - low1) / size1);
          v = v < 0 ? 0 : v >= cells1 ? cells1 - 1 : v;
          owner = u * cells1 + v;
        }
        if (owner !== col) continue;
        if (count + 2 > limit) {
          limit = 2 * (flush as (pairs: Uint32Array) => number)(out.subarray(0, count));
          count = 0;
        }
        if (count + 2 > out.length) out = scratch.growU32(U32.overlaps, count + 2, count);
        const a = members[e];
        out[count++] = a < b ? a : b;
        out[count++] = a < b ? b : a;
      }
      live = keep;
      if (live + 1 > active.length) active = scratch.growU32(U32.active, live + 1, live);
      active[live++] = x;
    }
  }
  return out.subarray(0, count);
}

/** Little-endian platform: a double's low word comes first in memory. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A bucket of the bucket sort holding more keys than this sends the keys to the radix sort. */
const BUCKET_LIMIT = 64;

/**
 * The indices 0..n−1 in the order of (keys[i], i), keys without NaN. For many keys, a bucket sort:
 * n buckets of equal width between the least and the largest key (a key's bucket never decreases
 * as the key grows, so the buckets come in order), filled in index order, each bucket then sorted
 * by insertion; keys spread so unevenly that a bucket holds more than a few (or an infinite range)
 * go to a stable radix sort on the keys' bits (four passes of 16 bits, the doubles mapped to
 * unsigned integers in the same order). A comparison sort for few keys.
 */
export function sortedByKey(keys: Float64Array, scratch: Scratch = new Scratch()): Uint32Array {
  const n = keys.length;
  const order = scratch.u32(U32.order, n);
  if (n < 2048 || !LITTLE_ENDIAN) {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((p, q) => keys[p] - keys[q] || p - q);
    return order;
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  const scale = n / (hi - lo);
  if (!(scale < Number.POSITIVE_INFINITY)) return radixSorted(keys, scratch);
  const bucket = scratch.u32(U32.bucketOf, n);
  const start = scratch.u32(U32.bucketStart, n + 1).fill(0);
  for (let i = 0; i < n; i++) {
    const d = Math.floor((keys[i] - lo) * scale);
    const b = d < n ? d : n - 1;
    bucket[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < n; b++) {
    if (start[b + 1] > BUCKET_LIMIT) return radixSorted(keys, scratch);
    start[b + 1] += start[b];
  }
  // in index order, so each bucket's ties stay in index order
  for (let i = 0; i < n; i++) order[start[bucket[i]]++] = i;
  // start[b] is now the end of bucket b
  let at = 0;
  for (let b = 0; b < n; b++) {
    const end = start[b];
    for (let x = at + 1; x < end; x++) {
      const i = order[x];
      const k = keys[i];
      let y = x;
      for (; y > at && keys[order[y - 1]] > k; y--) order[y] = order[y - 1];
      order[y] = i;
    }
    at = end;
  }
  return order;
}

/** {@link sortedByKey} by a stable radix sort on the keys' bits, for n ≥ 2 keys on a little-endian platform. */
function radixSorted(keys: Float64Array, scratch: Scratch): Uint32Array {
  const n = keys.length;
  let order = scratch.u32(U32.order, n);
  for (let i = 0; i < n; i++) order[i] = i;
  // + 0 turns −0 into +0 (they compare equal)
  const bits = scratch.f64(F64.sortBits, n);
  for (let i = 0; i < n; i++) bits[i] = keys[i] + 0;
  const words = new Uint32Array(bits.buffer, bits.byteOffset, 2 * n);
  for (let i = 0; i < n; i++) {
    const hi = words[2 * i + 1];
    if (hi & 0x80000000) {
      words[2 * i + 1] = ~hi >>> 0;
      words[2 * i] = ~words[2 * i] >>> 0;
    } else {
      words[2 * i + 1] = (hi | 0x80000000) >>> 0;
    }
  }
  let other = scratch.u32(U32.orderOther, n);
  const count = scratch.u32(U32.digits, 65537);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass >> 1;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[((words[2 * i + word] >>> shift) & 0xffff) + 1]++;
    // every key with the same digit: the pass changes nothing
    if (count[((words[word] >>> shift) & 0xffff) + 1] === n) continue;
    for (let d = 0; d < 65536; d++) count[d + 1] += count[d];
    for (let x = 0; x < n; x++) {
      const i = order[x];
      other[count[(words[2 * i + word] >>> shift) & 0xffff]++] = i;
    }
    const t = order;
    order = other;
    other = t;
  }
  return order;
}
