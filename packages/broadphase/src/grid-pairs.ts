import { F64, type Scratch, U32 } from './scratch.js';

/**
 * The grid is used only where no box is more than this many times the mean size along an axis
 * (else a cell as large as the largest box holds many small ones: the sweep-and-prune runs).
 */
const ALIKE = 4;
/** Cells at most this many times the number of boxes (so the grid's tables stay O(n)). */
const CELLS_PER_BOX = 2;
/** The sum of the cells' counts squared at most this many times the number of boxes. */
const CROWD = 64;

/**
 * The overlapping pairs of checked 3-D boxes of similar sizes (closed boxes, `i < j` in each, in no
 * particular order), by a uniform grid: cells a hair larger than the largest box along each axis,
 * each box counted in the cell of its lower corner. Two boxes that overlap then have lower corners
 * less than a cell apart along every axis, so their cells are neighbours (or one cell), and each
 * box is tested against the boxes after it in its own cell and those of its 13 neighbours ahead.
 * The boxes are sorted by cell once (a counting sort, in index order, each with a copy of its box),
 * so the tests read the copies of three rows of cells, near each other in memory. Null where the
 * boxes are not alike enough (see {@link ALIKE}), flat along an axis on which they spread, in far
 * clusters, crowded into a few cells (see {@link CROWD}), or not all finite: the caller sweeps
 * then.
 *
 * Why (issue #30): on 10⁵ pebbles the sweep-and-prune spent most of its time in memory traffic
 * (gathering the boxes in sweep order, then scattering a copy of each into the columns of its
 * grid, about 2.2 copies a box); here each box is read once in order and written once.
 *
 * With `flush`, the pairs go to it in blocks, the first of `firstLimit` numbers (two a pair), as
 * `overlapsIn` hands them out.
 */
export function gridOverlaps(
  boxes: Float64Array,
  scratch: Scratch,
  flush?: (pairs: Uint32Array) => number,
  firstLimit = Number.POSITIVE_INFINITY,
): Uint32Array | null {
  let limit = firstLimit;
  const n = boxes.length / 6;
  let lx = Number.POSITIVE_INFINITY,
    ly = Number.POSITIVE_INFINITY,
    lz = Number.POSITIVE_INFINITY;
  let hx = Number.NEGATIVE_INFINITY,
    hy = Number.NEGATIVE_INFINITY,
    hz = Number.NEGATIVE_INFINITY;
  let ex = 0,
    ey = 0,
    ez = 0;
  let sx = 0,
    sy = 0,
    sz = 0;
  for (let i = 0; i < n; i++) {
    const o = 6 * i;
    const x0 = boxes[o],
      y0 = boxes[o + 1],
      z0 = boxes[o + 2];
    const x1 = boxes[o + 3],
      y1 = boxes[o + 4],
      z1 = boxes[o + 5];
    if (x0 < lx) lx = x0;
    if (y0 < ly) ly = y0;
    if (z0 < lz) lz = z0;
    if (x1 > hx) hx = x1;
    if (y1 > hy) hy = y1;
    if (z1 > hz) hz = z1;
    const dx = x1 - x0,
      dy = y1 - y0,
      dz = z1 - z0;
    if (dx > ex) ex = dx;
    if (dy > ey) ey = dy;
    if (dz > ez) ez = dz;
    sx += dx;
    sy += dy;
    sz += dz;
  }
  // (an infinite coordinate makes a span or a sum infinite or NaN: not for the grid)
  const span = hx - lx + (hy - ly) + (hz - lz);
  if (!(span < Number.POSITIVE_INFINITY) || !(sx + sy + sz < Number.POSITIVE_INFINITY)) return null;
  if (ex > (ALIKE * sx) / n || ey > (ALIKE * sy) / n || ez > (ALIKE * sz) / n) return null;
  // boxes flat along an axis on which they spread (points, say) would all share one row of cells
  if ((ex === 0 && hx > lx) || (ey === 0 && hy > ly) || (ez === 0 && hz > lz)) return null;
  // A hair over the largest box: lower corners less than a box apart stay within one cell of
  // each other whatever the rounding of the division.
  let cx = ex * (1 + 1e-6);
  let cy = ey * (1 + 1e-6);
  let cz = ez * (1 + 1e-6);
  let mx = cells(hx - lx, cx);
  let my = cells(hy - ly, cy);
  let mz = cells(hz - lz, cz);
  if (mx * my * mz > CELLS_PER_BOX * n) {
    // too many cells: all larger by the same factor; by much more than the boxes' size, the boxes
    // lie in clusters (some cells would hold many): not for the grid
    const f = Math.cbrt((mx * my * mz) / (CELLS_PER_BOX * n)) * 1.01;
    if (!(f <= ALIKE)) return null;
    cx *= f;
    cy *= f;
    cz *= f;
    mx = cells(hx - lx, cx);
    my = cells(hy - ly, cy);
    mz = cells(hz - lz, cz);
    if (mx * my * mz > 2 * CELLS_PER_BOX * n) return null;
  }
  const total = mx * my * mz;
  // each box's cell, counted
  const cellOf = scratch.u32(U32.gridCell, n);
  const start = scratch.u32(U32.gridStart, total + 1).fill(0);
  for (let i = 0; i < n; i++) {
    const o = 6 * i;
    const ix = index(boxes[o], lx, cx, mx);
    const iy = index(boxes[o + 1], ly, cy, my);
    const iz = index(boxes[o + 2], lz, cz, mz);
    const c = (ix * my + iy) * mz + iz;
    cellOf[i] = c;
    start[c + 1]++;
  }
  // the tests to come grow as the sum of the cells' counts squared: small boxes crowded into a few
  // cells (allowed when the others are large enough to keep the mean up) go to the sweep
  let crowd = 0;
  for (let c = 1; c <= total; c++) crowd += start[c] * start[c];
  if (crowd > CROWD * n) return null;
  for (let c = 0; c < total; c++) start[c + 1] += start[c];
  // the boxes by cell (in index order within a cell), each with a copy of its box
  const members = scratch.u32(U32.gridMembers, n);
  const copy = scratch.f64(F64.gridBoxes, 6 * n);
  const fill = scratch.u32(U32.gridFill, total);
  fill.set(start.subarray(0, total));
  for (let i = 0; i < n; i++) {
    const e = fill[cellOf[i]]++;
    members[e] = i;
    const o = 6 * i;
    const d = 6 * e;
    copy[d] = boxes[o];
    copy[d + 1] = boxes[o + 1];
    copy[d + 2] = boxes[o + 2];
    copy[d + 3] = boxes[o + 3];
    copy[d + 4] = boxes[o + 4];
    copy[d + 5] = boxes[o + 5];
  }
  let out = scratch.growU32(U32.overlaps, 2 * n, 0);
  let count = 0;
  for (let ix = 0; ix < mx; ix++) {
    for (let iy = 0; iy < my; iy++) {
      const row = (ix * my + iy) * mz;
      for (let iz = 0; iz < mz; iz++) {
        const c = row + iz;
        const first = start[c];
        const end = start[c + 1];
        if (first === end) continue;
        const z0 = iz > 0 ? iz - 1 : 0;
        const z1 = iz + 1 < mz ? iz + 2 : mz;
        // the neighbours ahead: this row's next cell, the next row's three, the next plane's nine
        const own = start[row + (iz + 1 < mz ? iz + 2 : mz)];
        for (let p = first; p < end; p++) {
          const a = members[p];
          const o = 6 * p;
          const ax0 = copy[o],
            ay0 = copy[o + 1],
            az0 = copy[o + 2];
          const ax1 = copy[o + 3],
            ay1 = copy[o + 4],
            az1 = copy[o + 5];
          for (let r = 0; r < 5; r++) {
            let from: number;
            let to: number;
            if (r === 0) {
              from = p + 1;
              to = own;
            } else {
              const dx = r === 1 ? 0 : 1;
              const y = r === 1 ? iy + 1 : iy + r - 3;
              if (ix + dx >= mx || y < 0 || y >= my) continue;
              const base = ((ix + dx) * my + y) * mz;
              from = start[base + z0];
              to = start[base + z1];
            }
            for (let q = from; q < to; q++) {
              const d = 6 * q;
              // The six comparisons as numbers, or-ed, then one branch: taken by about one box in
              // twelve, so well predicted, where a branch an axis went either way (1.14× at 10⁴
              // boxes, 1.18× at 10⁵ on the grid alone). A NaN compares false either way.
              const apart =
                +(copy[d] > ax1) |
                +(ax0 > copy[d + 3]) |
                +(copy[d + 1] > ay1) |
                +(ay0 > copy[d + 4]) |
                +(copy[d + 2] > az1) |
                +(az0 > copy[d + 5]);
              if (apart !== 0) continue;
              if (count + 2 > limit) {
                // (a full block to the caller: see overlapsIn)
                limit = 2 * (flush as (pairs: Uint32Array) => number)(out.subarray(0, count));
                count = 0;
              }
              if (count + 2 > out.length) out = scratch.growU32(U32.overlaps, count + 2, count);
              const b = members[q];
              out[count++] = a < b ? a : b;
              out[count++] = a < b ? b : a;
            }
          }
        }
      }
    }
  }
  return out.subarray(0, count);
}

/** The number of cells of size `size` that cover `span` (1 when the size is 0). */
function cells(span: number, size: number): number {
  return size > 0 ? Math.floor(span / size) + 1 : 1;
}

/** The cell of coordinate x along an axis starting at `low`, cells of `size`, `m` of them. */
function index(x: number, low: number, size: number, m: number): number {
  if (!(size > 0)) return 0;
  const k = Math.floor((x - low) / size);
  return k < 0 ? 0 : k >= m ? m - 1 : k;
}
