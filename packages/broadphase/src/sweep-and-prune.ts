import { FirstTouchError } from '@firsttouch/pose';

/**
 * The pairs of overlapping axis-aligned boxes (closed: touching boxes overlap), by sweep-and-prune:
 * the boxes are sorted along the axis where their centres spread most and swept with an active list,
 * inside the columns of a coarse grid across the other axes, so that a sweep meets only its
 * neighbours (O(n log n + pairs) for boxes of similar size, not O(n²)). Each pair is reported once,
 * by the column that holds the lower corner of the two boxes' intersection.
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
  const out = overlappingPairs(boxes, dim);
  const n = boxes.length / (2 * dim);
  // Lexicographic order: i · n + j is exact in a double for any n that fits in memory.
  const packed = new Float64Array(out.length / 2);
  for (let k = 0; k < packed.length; k++) packed[k] = out[2 * k] * n + out[2 * k + 1];
  packed.sort();
  const pairs = new Uint32Array(out.length);
  for (let k = 0; k < packed.length; k++) {
    const j = packed[k] % n;
    pairs[2 * k] = (packed[k] - j) / n;
    pairs[2 * k + 1] = j;
  }
  return pairs;
}

/**
 * The overlapping pairs of {@link sweepAndPrune} (`i < j` in each), in no particular order: for
 * callers that order them their own way.
 */
export function overlappingPairs(boxes: Float64Array, dim: 2 | 3): Uint32Array {
  if (dim !== 2 && dim !== 3)
    throw new FirstTouchError('INVALID_OPTION', `dim must be 2 or 3, got ${String(dim)}`);
  const stride = 2 * dim;
  if (!(boxes instanceof Float64Array) || boxes.length % stride !== 0) {
    throw new FirstTouchError('BAD_LENGTH', `boxes must be a Float64Array of ${stride} numbers a box`);
  }
  const n = boxes.length / stride;
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const lo = boxes[i * stride + a];
      const hi = boxes[i * stride + dim + a];
      if (Number.isNaN(lo) || Number.isNaN(hi))
        throw new FirstTouchError('NON_FINITE', `box ${i} has a NaN coordinate`);
      if (lo > hi)
        throw new FirstTouchError('INVALID_OPTION', `box ${i}: min ${lo} > max ${hi} on axis ${a}`);
    }
  }
  if (n < 2) return new Uint32Array(0);

  // The sweep axis: where the centres spread most. The others carry the grid of columns.
  const mean = new Float64Array(dim);
  const spread = new Float64Array(dim);
  const extent = new Float64Array(dim);
  const low = new Float64Array(dim).fill(Number.POSITIVE_INFINITY);
  const high = new Float64Array(dim).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const lo = boxes[i * stride + a];
      const hi = boxes[i * stride + dim + a];
      const c = 0.5 * lo + 0.5 * hi;
      mean[a] += c / n;
      extent[a] += (hi - lo) / n;
      if (lo < low[a]) low[a] = lo;
      if (hi > high[a]) high[a] = hi;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const c = 0.5 * boxes[i * stride + a] + 0.5 * boxes[i * stride + dim + a] - mean[a];
      spread[a] += c * c;
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
    return Math.max(1, Math.min(cap, want, 4096));
  });
  const size = gridAxes.map((a, k) => (high[a] - low[a]) / cells[k] || 1);
  const cellOf = (k: number, x: number): number => {
    const c = Math.floor((x - low[gridAxes[k]]) / size[k]);
    return c < 0 ? 0 : c >= cells[k] ? cells[k] - 1 : c;
  };
  const columns = cells.reduce((p, c) => p * c, 1);

  // Boxes by column (compressed rows): count, prefix, fill.
  const start = new Uint32Array(columns + 1);
  const forEachColumn = (i: number, f: (col: number) => void): void => {
    const u0 = cellOf(0, boxes[i * stride + gridAxes[0]]);
    const u1 = cellOf(0, boxes[i * stride + dim + gridAxes[0]]);
    if (gridAxes.length === 1) {
      for (let u = u0; u <= u1; u++) f(u);
      return;
    }
    const v0 = cellOf(1, boxes[i * stride + gridAxes[1]]);
    const v1 = cellOf(1, boxes[i * stride + dim + gridAxes[1]]);
    for (let u = u0; u <= u1; u++) for (let v = v0; v <= v1; v++) f(u * cells[1] + v);
  };
  for (let i = 0; i < n; i++) forEachColumn(i, (col) => start[col + 1]++);
  for (let c = 0; c < columns; c++) start[c + 1] += start[c];
  const members = new Uint32Array(start[columns]);
  const fill = start.slice(0, columns);
  for (let i = 0; i < n; i++) forEachColumn(i, (col) => (members[fill[col]++] = i));

  let out = new Uint32Array(Math.max(16, 2 * n));
  let count = 0;
  let active = new Uint32Array(64);
  const g0 = gridAxes[0];
  const g1 = gridAxes.length > 1 ? gridAxes[1] : -1;
  const low0 = low[g0];
  const low1 = g1 >= 0 ? low[g1] : 0;
  const size0 = size[0];
  const size1 = g1 >= 0 ? size[1] : 1;
  const cells0 = cells[0];
  const cells1 = g1 >= 0 ? cells[1] : 1;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = boxes[i * stride + sweep];
  for (let col = 0; col < columns; col++) {
    const list = members.subarray(start[col], start[col + 1]);
    if (list.length < 2) continue;
    list.sort((p, q) => keys[p] - keys[q] || p - q);
    let live = 0;
    for (let x = 0; x < list.length; x++) {
      const b = list[x];
      const ob = b * stride;
      const minB = keys[b];
      const b0lo = boxes[ob + g0];
      const b0hi = boxes[ob + dim + g0];
      const b1lo = g1 >= 0 ? boxes[ob + g1] : 0;
      const b1hi = g1 >= 0 ? boxes[ob + dim + g1] : 0;
      let keep = 0;
      for (let y = 0; y < live; y++) {
        const a = active[y];
        const oa = a * stride;
        if (boxes[oa + dim + sweep] < minB) continue; // ended before b starts: drop it
        active[keep++] = a;
        if (boxes[oa + dim + g0] < b0lo || b0hi < boxes[oa + g0]) continue;
        if (g1 >= 0 && (boxes[oa + dim + g1] < b1lo || b1hi < boxes[oa + g1])) continue;
        // Report the pair in the column of its intersection's lower corner only.
        const m0 = boxes[oa + g0] > b0lo ? boxes[oa + g0] : b0lo;
        let u = Math.floor((m0 - low0) / size0);
        u = u < 0 ? 0 : u >= cells0 ? cells0 - 1 : u;
        let owner = u;
        if (g1 >= 0) {
          const m1 = boxes[oa + g1] > b1lo ? boxes[oa + g1] : b1lo;
          let v = Math.floor((m1 - low1) / size1);
          v = v < 0 ? 0 : v >= cells1 ? cells1 - 1 : v;
          owner = u * cells1 + v;
        }
        if (owner !== col) continue;
        if (count + 2 > out.length) {
          const grown = new Uint32Array(2 * out.length);
          grown.set(out);
          out = grown;
        }
        out[count++] = a < b ? a : b;
        out[count++] = a < b ? b : a;
      }
      live = keep;
      if (live + 1 > active.length) {
        const grown = new Uint32Array(2 * active.length);
        grown.set(active);
        active = grown;
      }
      active[live++] = b;
    }
  }
  return out.slice(0, count);
}
