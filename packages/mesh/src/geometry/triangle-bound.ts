import { Pool } from '../util/pool.js';
import { TriangleWork } from './triangle-work.js';

/**
 * A cheap lower bound of the distance between the triangles held in `T` at offsets `a` and `b`
 * (9 numbers each): the gap between their projections on an axis, tried on the line between their
 * centroids, then on the two face normals. Projection on a unit axis shortens every distance, so
 * each gap is a lower bound. It returns as soon as a gap exceeds `enough` (the caller only needs to
 * know that), else the largest gap; about 30 to 80 flops, against a microsecond for the exact routine.
 *
 * @param axisOut - when given, receives the unit direction (from the first triangle towards the
 *   second) along which the returned gap was found: a fixed axis whose gap bounds the distance from
 *   below, which a directional step can use (zeros when the gap is 0).
 * @example
 * ```ts
 * import { triangleGapBound } from '@firsttouch/mesh';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * console.log(triangleGapBound(T, 0, 9)); // 2
 * ```
 */
export function triangleGapBound(
  T: Float64Array,
  a: number,
  b: number,
  enough = Number.POSITIVE_INFINITY,
  axisOut?: Float64Array,
): number {
  const work = works.get() ?? new TriangleWork();
  const gap = triangleGapBoundWith(T, a, b, enough, axisOut, work);
  works.release(work);
  return gap;
}

/** The scratch the exported routine borrows (its callers in a loop pass their own). */
const works = new Pool<TriangleWork>(4);

/**
 * {@link triangleGapBound} with the caller's scratch (`work.axis`): the same numbers, bit for bit
 * (the searches call {@link triangleGapBoundIo}, whose numbers cross no call). Not exported by the
 * package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleGapBoundWith } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * console.log(triangleGapBoundWith(T, 0, 9, Number.POSITIVE_INFINITY, undefined, new TriangleWork())); // 2
 * ```
 */
export function triangleGapBoundWith(
  T: Float64Array,
  a: number,
  b: number,
  enough: number,
  axisOut: Float64Array | undefined,
  work: TriangleWork,
): number {
  work.io[0] = enough;
  triangleGapBoundIo(T, a, b, axisOut, work);
  return work.io[1];
}

/**
 * {@link triangleGapBoundWith} with its numbers in `work.io`: `enough` read from `io[0]`, the gap
 * written to `io[1]` (the same numbers, bit for bit). What the searches call for every candidate
 * facet pair: a double passed to or returned from a call that is not inlined is boxed, a heap
 * allocation a pair. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleGapBoundIo } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * const work = new TriangleWork();
 * work.io[0] = Number.POSITIVE_INFINITY;
 * triangleGapBoundIo(T, 0, 9, undefined, work);
 * console.log(work.io[1]); // 2
 * ```
 */
export function triangleGapBoundIo(
  T: Float64Array,
  a: number,
  b: number,
  axisOut: Float64Array | undefined,
  work: TriangleWork,
): void {
  const enough = work.io[0];
  // The axes go through a scratch array rather than arguments: floats passed to or returned from a
  // call that is not inlined are boxed, and this runs for every candidate facet pair.
  const n = work.axis;
  n[0] = T[b] + T[b + 3] + T[b + 6] - T[a] - T[a + 3] - T[a + 6];
  n[1] = T[b + 1] + T[b + 4] + T[b + 7] - T[a + 1] - T[a + 4] - T[a + 7];
  n[2] = T[b + 2] + T[b + 5] + T[b + 8] - T[a + 2] - T[a + 5] - T[a + 8];
  axisGap(T, a, b, n);
  let best = n[3];
  if (axisOut) keepAxis(axisOut, n);
  if (best > enough) {
    work.io[1] = best;
    return;
  }
  for (let k = 0; k < 2; k++) {
    const o = k === 0 ? a : b;
    const ux = T[o + 3] - T[o],
      uy = T[o + 4] - T[o + 1],
      uz = T[o + 5] - T[o + 2];
    const vx = T[o + 6] - T[o],
      vy = T[o + 7] - T[o + 1],
      vz = T[o + 8] - T[o + 2];
    n[0] = uy * vz - uz * vy;
    n[1] = uz * vx - ux * vz;
    n[2] = ux * vy - uy * vx;
    axisGap(T, a, b, n);
    if (n[3] > best) {
      best = n[3];
      if (axisOut) keepAxis(axisOut, n);
      if (best > enough) break;
    }
  }
  work.io[1] = best;
}

/**
 * The largest gap between the projections of two triangles (in `T` at offsets `a` and `b`) on the
 * nine cross products of an edge of one with an edge of the other, stopping as soon as one exceeds
 * `enough`: with the two face normals of {@link triangleGapBoundWith} these are every axis that can
 * separate two triangles, so two disjoint triangles have a positive gap on one of the eleven. A
 * lower bound of their distance, as each gap is; about 30 flops an axis. A search that only needs
 * to know whether a pair can meet (once the surfaces cross) asks it before the exact routine. Not
 * exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleEdgeGapWith } from '@firsttouch/mesh/internal';
 * // An edge along x under an edge along y, 0.1 apart: neither face normal (y, x) separates them.
 * const T = new Float64Array([-1, 0, 0, 1, 0, 0, 0, 0, -1, 0, -1, 0.1, 0, 1, 0.1, 0, 0, 1.1]);
 * console.log(triangleEdgeGapWith(T, 0, 9, Number.POSITIVE_INFINITY, new TriangleWork()).toFixed(3)); // 0.100
 * ```
 */
export function triangleEdgeGapWith(
  T: Float64Array,
  a: number,
  b: number,
  enough: number,
  work: TriangleWork,
): number {
  work.io[0] = enough;
  triangleEdgeGapIo(T, a, b, work);
  return work.io[1];
}

/**
 * {@link triangleEdgeGapWith} with its numbers in `work.io` (`enough` from `io[0]`, the gap to
 * `io[1]`), as {@link triangleGapBoundIo}: what the searches call. Not exported by the package's
 * main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleEdgeGapIo } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([-1, 0, 0, 1, 0, 0, 0, 0, -1, 0, -1, 0.1, 0, 1, 0.1, 0, 0, 1.1]);
 * const work = new TriangleWork();
 * work.io[0] = Number.POSITIVE_INFINITY;
 * triangleEdgeGapIo(T, 0, 9, work);
 * console.log(work.io[1].toFixed(3)); // 0.100
 * ```
 */
export function triangleEdgeGapIo(T: Float64Array, a: number, b: number, work: TriangleWork): void {
  const enough = work.io[0];
  const n = work.axis;
  let best = 0;
  for (let i = 0; i < 3; i++) {
    const p = a + 3 * i;
    const q = a + 3 * ((i + 1) % 3);
    const ux = T[q] - T[p],
      uy = T[q + 1] - T[p + 1],
      uz = T[q + 2] - T[p + 2];
    for (let j = 0; j < 3; j++) {
      const r = b + 3 * j;
      const o = b + 3 * ((j + 1) % 3);
      const vx = T[o] - T[r],
        vy = T[o + 1] - T[r + 1],
        vz = T[o + 2] - T[r + 2];
      n[0] = uy * vz - uz * vy;
      n[1] = uz * vx - ux * vz;
      n[2] = ux * vy - uy * vx;
      axisGap(T, a, b, n);
      if (n[3] > best) {
        best = n[3];
        if (best > enough) {
          work.io[1] = best;
          return;
        }
      }
    }
  }
  work.io[1] = best;
}

/**
 * The gap between the projections of the triangles in `T` at offsets `a` and `b` on the axis in
 * `work.axis[0..2]` (any length, not zero), into `work.axis[3]` (0 when the projections overlap),
 * and its unit direction, from the triangle nearer the axis's low end to the other, into
 * `work.axis[4..6]`. Measured from the corners, so it bounds the triangles' distance from below
 * along that fixed axis whatever rounding made the axis: what a directional step on a rounded
 * witness direction must use (the distance itself is the gap only along the exact direction).
 * Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleAxisGapIo } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * const work = new TriangleWork();
 * work.axis.set([0.001, 0, 1]); // a direction a little off the plane's normal
 * triangleAxisGapIo(T, 0, 9, work);
 * console.log(work.axis[3].toFixed(6), work.axis[6].toFixed(6)); // 1.998999 1.000000
 * ```
 */
export function triangleAxisGapIo(T: Float64Array, a: number, b: number, work: TriangleWork): void {
  axisGap(T, a, b, work.axis);
}

/** Copies the unit direction of the last gap (`axis[4..6]`) into `out` (zeros when there was no gap). */
function keepAxis(out: Float64Array, axis: Float64Array): void {
  out[0] = axis[4];
  out[1] = axis[5];
  out[2] = axis[6];
}

/**
 * Writes into `axis[3]` the gap between the projections of the two triangles on `axis[0..2]`,
 * normalised (0 if none), and its unit direction from the first to the second into `axis[4..6]`.
 */
function axisGap(T: Float64Array, a: number, b: number, axis: Float64Array): void {
  // Scaled by its largest component first, so that the squared length neither underflows nor
  // overflows (a sliver's normal can be 1e-160 long).
  const m = Math.max(Math.abs(axis[0]), Math.abs(axis[1]), Math.abs(axis[2]));
  axis[3] = 0;
  axis[4] = axis[5] = axis[6] = 0;
  if (!(m > 0) || m === Number.POSITIVE_INFINITY) return;
  const nx = axis[0] / m;
  const ny = axis[1] / m;
  const nz = axis[2] / m;
  const nn = nx * nx + ny * ny + nz * nz;
  const pa0 = nx * T[a] + ny * T[a + 1] + nz * T[a + 2];
  const pa1 = nx * T[a + 3] + ny * T[a + 4] + nz * T[a + 5];
  const pa2 = nx * T[a + 6] + ny * T[a + 7] + nz * T[a + 8];
  const pb0 = nx * T[b] + ny * T[b + 1] + nz * T[b + 2];
  const pb1 = nx * T[b + 3] + ny * T[b + 4] + nz * T[b + 5];
  const pb2 = nx * T[b + 6] + ny * T[b + 7] + nz * T[b + 8];
  const hiA = pa0 > pa1 ? (pa0 > pa2 ? pa0 : pa2) : pa1 > pa2 ? pa1 : pa2;
  const loB = pb0 < pb1 ? (pb0 < pb2 ? pb0 : pb2) : pb1 < pb2 ? pb1 : pb2;
  const len = Math.sqrt(nn);
  if (loB > hiA) {
    axis[3] = (loB - hiA) / len;
    axis[4] = nx / len;
    axis[5] = ny / len;
    axis[6] = nz / len;
    return;
  }
  const loA = pa0 < pa1 ? (pa0 < pa2 ? pa0 : pa2) : pa1 < pa2 ? pa1 : pa2;
  const hiB = pb0 > pb1 ? (pb0 > pb2 ? pb0 : pb2) : pb1 > pb2 ? pb1 : pb2;
  if (loA > hiB) {
    axis[3] = (loA - hiB) / len;
    axis[4] = -nx / len;
    axis[5] = -ny / len;
    axis[6] = -nz / len;
  }
}
