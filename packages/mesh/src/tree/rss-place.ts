import { RSS_AXIS, RSS_C, RSS_L, RSS_R, RSS_STRIDE, type RssVolumes } from './rss-layout.js';

/**
 * Where a node-pair bound lands in its output (`rssGap`'s, the refitted boxes' `refitBound`): the
 * gap at `out[GAP_BOUND]`, and for `rssGap` the unit direction it was measured along at
 * `out[GAP_AXIS..+3)` (4 numbers in all). Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { GAP_AXIS, GAP_BOUND, placeRss, rssGap, rssShift } from '@firsttouch/mesh/internal';
 * const v = rssOf(box([1, 1, 1]));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * const shift = new Float64Array(3);
 * rssShift(v, v, R, new Float64Array([3, 0, 0]), shift);
 * const placed = new Float64Array(12);
 * placeRss(v, 0, R, shift, placed);
 * const out = new Float64Array(4);
 * rssGap(v, 0, placed, 0, out);
 * console.log(out[GAP_BOUND].toFixed(3), out[GAP_AXIS]); // 1.000 1
 * ```
 */
export const GAP_BOUND = 0;
/** See {@link GAP_BOUND}. */
export const GAP_AXIS = 1;

/**
 * Where B's grid origin lands in A's grid (a point x of B at R x + t in A's frame): R o_B + t − o_A,
 * into `out` (3 numbers), once a placement, for `placeRss`.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { rssShift } from '@firsttouch/mesh/internal';
 * const a = rssOf(box([1, 1, 1]).translate([10, 0, 0]));
 * const b = rssOf(box([1, 1, 1]));
 * const out = new Float64Array(3);
 * rssShift(a, b, new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([12, 0, 0]), out);
 * console.log(out[0]); // 2
 * ```
 */
export function rssShift(
  va: RssVolumes,
  vb: RssVolumes,
  R: Float64Array,
  t: Float64Array,
  out: Float64Array,
): void {
  const x = vb.origin[0],
    y = vb.origin[1],
    z = vb.origin[2];
  const oa = va.origin;
  out[0] = t[0] - oa[0] + (R[0] * x + R[1] * y + R[2] * z);
  out[1] = t[1] - oa[1] + (R[3] * x + R[4] * y + R[5] * z);
  out[2] = t[2] - oa[2] + (R[6] * x + R[7] * y + R[8] * z);
}

/**
 * Node j of B's RSS decoded and taken into A's grid by R and `shift` (from `rssShift`), 12
 * numbers at `dst[12 j…]`: a0, a1 turned, the centre (from A's grid origin), l0, l1, r. `dst` holds
 * 12 numbers a node of B; nothing is allocated.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { placeRss, rssShift } from '@firsttouch/mesh/internal';
 * const v = rssOf(box([1, 1, 1]));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * const shift = new Float64Array(3);
 * rssShift(v, v, R, new Float64Array([5, 0, 0]), shift);
 * const dst = new Float64Array(12);
 * placeRss(v, 0, R, shift, dst); // the root's centre moved by 5 along x
 * console.log(Math.abs(dst[6] - 5) < 1e-3, Math.abs(dst[7]) < 1e-3); // true true
 * ```
 */
export function placeRss(
  vb: RssVolumes,
  j: number,
  R: Float64Array,
  shift: Float64Array,
  dst: Float64Array,
): void {
  const q = vb.data;
  const h = vb.step;
  const o = RSS_STRIDE * j;
  const p = 12 * j;
  // The two axes, then the centre, each written out: a loop choosing the scale of each
  // (`k < 6 ? RSS_AXIS : h`, the first an imported constant) boxed a number a call, 14 kB of
  // garbage a query of two bunnies.
  for (let k = 0; k < 6; k += 3) {
    const x = q[o + k] * RSS_AXIS,
      y = q[o + k + 1] * RSS_AXIS,
      z = q[o + k + 2] * RSS_AXIS;
    dst[p + k] = R[0] * x + R[1] * y + R[2] * z;
    dst[p + k + 1] = R[3] * x + R[4] * y + R[5] * z;
    dst[p + k + 2] = R[6] * x + R[7] * y + R[8] * z;
  }
  const x = q[o + 6] * h,
    y = q[o + 7] * h,
    z = q[o + 8] * h;
  dst[p + 6] = R[0] * x + R[1] * y + R[2] * z + shift[0];
  dst[p + 7] = R[3] * x + R[4] * y + R[5] * z + shift[1];
  dst[p + 8] = R[6] * x + R[7] * y + R[8] * z + shift[2];
  const u = vb.sizes;
  dst[p + 9] = u[o + RSS_L] * h;
  dst[p + 10] = u[o + RSS_L + 1] * h;
  dst[p + 11] = u[o + RSS_R] * h;
}

/**
 * Lower bound of the distance between node i's RSS of `va` (A's frame) and node j of B's (placed by
 * `placeRss` in `pb`), into `out[0]`: a direction u between the two rectangles found by one
 * round of alternating projection (from A's centre onto B's rectangle, back onto A's, onto B's
 * again), then their separation along u, over |u|, less both radii. The separation of two convex
 * sets along any direction is at most their distance, so the heuristic direction can make the bound
 * loose, never wrong; the support of each rectangle along u is exact for its stored axes, orthonormal
 * or not. The output goes to `out[0]` (a number returned from a call that is not inlined is boxed),
 * and the unit direction u (A's frame, from A towards B) to `out[1..3]` (zeros when there is none):
 * `out` holds 4 numbers.
 * Rounding is not accounted for: a caller certifying a bound subtracts its own margin (some ulps of
 * the coordinates in play).
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { placeRss, rssGap, rssShift } from '@firsttouch/mesh/internal';
 * const v = rssOf(box([1, 1, 1])); // the unit cube about the origin
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * const shift = new Float64Array(3);
 * rssShift(v, v, R, new Float64Array([3, 0, 0]), shift);
 * const placed = new Float64Array(12);
 * placeRss(v, 0, R, shift, placed);
 * const out = new Float64Array(4);
 * rssGap(v, 0, placed, 0, out); // the cube against itself moved by 3 along x: distance 2
 * // a lower bound of it: each root's rectangle lies in a face's plane and its ball reaches 0.5 past
 * console.log(out[0].toFixed(3), out[0] <= 2); // 1.000 true
 * ```
 */
export function rssGap(va: RssVolumes, i: number, pb: Float64Array, j: number, out: Float64Array): void {
  const qa = va.data;
  const ua = va.sizes;
  const h = va.step;
  const o = RSS_STRIDE * i;
  const p = 12 * j;
  const a00 = qa[o] * RSS_AXIS,
    a01 = qa[o + 1] * RSS_AXIS,
    a02 = qa[o + 2] * RSS_AXIS,
    a10 = qa[o + 3] * RSS_AXIS,
    a11 = qa[o + 4] * RSS_AXIS,
    a12 = qa[o + 5] * RSS_AXIS;
  const b00 = pb[p],
    b01 = pb[p + 1],
    b02 = pb[p + 2],
    b10 = pb[p + 3],
    b11 = pb[p + 4],
    b12 = pb[p + 5];
  const la0 = ua[o + RSS_L] * h,
    la1 = ua[o + RSS_L + 1] * h,
    lb0 = pb[p + 9],
    lb1 = pb[p + 10];
  // Offsets from A's centre: B's centre is at D (both from A's grid origin).
  const Dx = pb[p + 6] - qa[o + RSS_C] * h,
    Dy = pb[p + 7] - qa[o + RSS_C + 1] * h,
    Dz = pb[p + 8] - qa[o + RSS_C + 2] * h;
  // B's point nearest A's centre (clamped coordinates along B's axes). The clamps are min and max,
  // not conditionals: compiled without jumps, whose outcome the processor cannot guess here (the
  // same values, ±0 included).
  let s = -(b00 * Dx + b01 * Dy + b02 * Dz);
  let u = -(b10 * Dx + b11 * Dy + b12 * Dz);
  s = Math.max(-lb0, Math.min(lb0, s));
  u = Math.max(-lb1, Math.min(lb1, u));
  let qx = Dx + s * b00 + u * b10,
    qy = Dy + s * b01 + u * b11,
    qz = Dz + s * b02 + u * b12;
  // A's point nearest it.
  s = a00 * qx + a01 * qy + a02 * qz;
  u = a10 * qx + a11 * qy + a12 * qz;
  s = Math.max(-la0, Math.min(la0, s));
  u = Math.max(-la1, Math.min(la1, u));
  const px = s * a00 + u * a10,
    py = s * a01 + u * a11,
    pz = s * a02 + u * a12;
  // B's point nearest that.
  s = b00 * (px - Dx) + b01 * (py - Dy) + b02 * (pz - Dz);
  u = b10 * (px - Dx) + b11 * (py - Dy) + b12 * (pz - Dz);
  s = Math.max(-lb0, Math.min(lb0, s));
  u = Math.max(-lb1, Math.min(lb1, u));
  qx = Dx + s * b00 + u * b10;
  qy = Dy + s * b01 + u * b11;
  qz = Dz + s * b02 + u * b12;
  const ux = qx - px,
    uy = qy - py,
    uz = qz - pz;
  const n2 = ux * ux + uy * uy + uz * uz;
  let g = 0;
  out[GAP_AXIS] = out[GAP_AXIS + 1] = out[GAP_AXIS + 2] = 0;
  if (n2 > 1e-300) {
    const sep =
      ux * Dx +
      uy * Dy +
      uz * Dz -
      la0 * Math.abs(ux * a00 + uy * a01 + uz * a02) -
      la1 * Math.abs(ux * a10 + uy * a11 + uz * a12) -
      lb0 * Math.abs(ux * b00 + uy * b01 + uz * b02) -
      lb1 * Math.abs(ux * b10 + uy * b11 + uz * b12);
    const n = Math.sqrt(n2);
    if (sep > 0) g = sep / n;
    // The direction, for a caller that bounds how fast the gap along it closes (the C2A step).
    const inverse = 1 / n;
    out[GAP_AXIS] = ux * inverse;
    out[GAP_AXIS + 1] = uy * inverse;
    out[GAP_AXIS + 2] = uz * inverse;
  }
  g -= ua[o + RSS_R] * h + pb[p + 11];
  out[GAP_BOUND] = g > 0 ? g : 0;
}
