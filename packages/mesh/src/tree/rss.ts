import type { Surface } from '../surface.js';
import type { BoundingTree } from './build.js';

/**
 * Rectangle swept spheres (RSS, as in PQP) over the nodes of a surface tree, same numbering, float32,
 * {@link RSS_STRIDE} numbers a node: two axes a0, a1 (the largest spreads of the node's facets), the
 * rectangle's centre c, its half-lengths l0, l1, and the radius r. The volume is every point within r
 * of { c + s a0 + u a1 : |s| ≤ l0, |u| ≤ l1 }. The stored numbers define it exactly (the axes need
 * not be orthonormal for that), and r is measured against them, so each volume contains its node's
 * vertices as stored, whatever the rounding to float32.
 *
 * @example
 * ```ts
 * import { box, RSS_STRIDE, rssOf } from '@firsttouch/mesh';
 * const s = box([1, 1, 1]);
 * console.log(rssOf(s).length === RSS_STRIDE * s.tree().nodeCount); // true
 * ```
 */
export const RSS_STRIDE = 12;
/**
 * Offset of the centre c (3 numbers) in a node's entry; the axes a0, a1 are at offsets 0 and 3.
 *
 * @example
 * ```ts
 * import { box, RSS_C, rssOf } from '@firsttouch/mesh';
 * const c = rssOf(box([2, 2, 2])).subarray(RSS_C, RSS_C + 3); // the root's centre
 * console.log(Math.hypot(c[0], c[1], c[2]) < 1e-6); // true
 * ```
 */
export const RSS_C = 6;
/**
 * Offset of the half-lengths l0, l1 in a node's entry.
 *
 * @example
 * ```ts
 * import { box, RSS_L, rssOf } from '@firsttouch/mesh';
 * const v = rssOf(box([2, 2, 2]));
 * console.log(v[RSS_L] >= v[RSS_L + 1]); // true
 * ```
 */
export const RSS_L = 9;
/**
 * Offset of the radius r in a node's entry.
 *
 * @example
 * ```ts
 * import { box, RSS_R, rssOf } from '@firsttouch/mesh';
 * console.log(rssOf(box([2, 2, 2]))[RSS_R] >= 0); // true
 * ```
 */
export const RSS_R = 11;

const EPS = 2 ** -53;

const cache = new WeakMap<BoundingTree, Float32Array>();

/**
 * The RSS of a surface's tree ({@link RSS_STRIDE} numbers a node, in the tree's numbering), built on
 * first use and kept as long as the tree.
 *
 * @example
 * ```ts
 * import { box, RSS_STRIDE, rssOf } from '@firsttouch/mesh';
 * const s = box([1, 1, 1]);
 * console.log(rssOf(s) === rssOf(s), rssOf(s).length / RSS_STRIDE === s.tree().nodeCount); // true true
 * ```
 */
export function rssOf(surface: Surface): Float32Array {
  const tree = surface.tree();
  let v = cache.get(tree);
  if (v === undefined) {
    v = buildRss(surface.positions, surface.indices, tree);
    cache.set(tree, v);
  }
  return v;
}

/**
 * Builds the RSS of every node of `tree`. Each frame comes from the area-weighted covariance of the
 * node's facets (moments merged bottom-up about their means, so a body far from the origin keeps its
 * frames; measured on the bunny pair against a covariance of the vertices: 2 516 node pairs a query
 * against 2 696), then PQP's fit over every vertex under the node: O(n log n), no recursion.
 */
export function buildRss(positions: Float64Array, indices: Uint32Array, tree: BoundingTree): Float32Array {
  const n = tree.nodeCount;
  const { child, count, order } = tree;
  // Moments of each node: area, mean (3), scatter about the mean (xx yy zz xy xz yz).
  const W = new Float64Array(n);
  const M = new Float64Array(3 * n);
  const C = new Float64Array(6 * n);
  const m = new Float64Array(10);
  // Children have larger numbers than their parent: a backward pass is bottom-up.
  for (let node = n - 1; node >= 0; node--) {
    if (count[node] === 0) {
      for (let side = 0; side < 2; side++) {
        const c = side === 0 ? node + 1 : child[node];
        m[0] = W[c];
        for (let q = 0; q < 3; q++) m[1 + q] = M[3 * c + q];
        for (let q = 0; q < 6; q++) m[4 + q] = C[6 * c + q];
        merge(W, M, C, node, m);
      }
      continue;
    }
    for (let k = child[node]; k < child[node] + count[node]; k++) {
      facetMoments(positions, indices, order[k], m);
      merge(W, M, C, node, m);
    }
  }
  // The vertices' offsets into `positions`, leaf by leaf: each node's are one contiguous run.
  const slot = new Uint32Array(3 * order.length);
  for (let k = 0; k < order.length; k++)
    for (let c = 0; c < 3; c++) slot[3 * k + c] = 3 * indices[3 * order[k] + c];
  const out = new Float32Array(RSS_STRIDE * n);
  const frame = new Float64Array(9);
  const work = new Float64Array(18);
  for (let node = 0; node < n; node++) {
    axesOf(C, node, frame, work);
    fitNode(positions, slot, tree, node, frame, out);
  }
  return out;
}

/** A facet as a uniform area mass: its area, centroid g, and (area / 12) Σ (p − g)(p − g)ᵀ, into `m`. */
function facetMoments(positions: Float64Array, indices: Uint32Array, f: number, m: Float64Array): void {
  const a = 3 * indices[3 * f],
    b = 3 * indices[3 * f + 1],
    c = 3 * indices[3 * f + 2];
  const gx = (positions[a] + positions[b] + positions[c]) / 3,
    gy = (positions[a + 1] + positions[b + 1] + positions[c + 1]) / 3,
    gz = (positions[a + 2] + positions[b + 2] + positions[c + 2]) / 3;
  const ux = positions[b] - positions[a],
    uy = positions[b + 1] - positions[a + 1],
    uz = positions[b + 2] - positions[a + 2];
  const vx = positions[c] - positions[a],
    vy = positions[c + 1] - positions[a + 1],
    vz = positions[c + 2] - positions[a + 2];
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  const w = 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
  m[0] = w;
  m[1] = gx;
  m[2] = gy;
  m[3] = gz;
  for (let q = 4; q < 10; q++) m[q] = 0;
  const k = w / 12;
  for (let corner = 0; corner < 3; corner++) {
    const v = corner === 0 ? a : corner === 1 ? b : c;
    const dx = positions[v] - gx,
      dy = positions[v + 1] - gy,
      dz = positions[v + 2] - gz;
    m[4] += k * dx * dx;
    m[5] += k * dy * dy;
    m[6] += k * dz * dz;
    m[7] += k * dx * dy;
    m[8] += k * dx * dz;
    m[9] += k * dy * dz;
  }
}

/** Adds the mass in `m` (weight, mean, scatter about it) to node `node`'s moments (Chan's merge). */
function merge(W: Float64Array, M: Float64Array, C: Float64Array, node: number, m: Float64Array): void {
  const w0 = W[node];
  const w = m[0];
  const o = 3 * node;
  const p = 6 * node;
  const total = w0 + w;
  if (!(total > 0)) {
    // Weightless so far (zero-area facets): keep a mean for the masses to come.
    M[o] = m[1];
    M[o + 1] = m[2];
    M[o + 2] = m[3];
    return;
  }
  const dx = m[1] - M[o],
    dy = m[2] - M[o + 1],
    dz = m[3] - M[o + 2];
  const f = w0 > 0 ? (w0 * w) / total : 0;
  C[p] += m[4] + f * dx * dx;
  C[p + 1] += m[5] + f * dy * dy;
  C[p + 2] += m[6] + f * dz * dz;
  C[p + 3] += m[7] + f * dx * dy;
  C[p + 4] += m[8] + f * dx * dz;
  C[p + 5] += m[9] + f * dy * dz;
  const t = w / total;
  M[o] += t * dx;
  M[o + 1] += t * dy;
  M[o + 2] += t * dz;
  W[node] = total;
}

/**
 * The two leading eigenvectors of node `node`'s scatter (cyclic Jacobi) into `frame` (rows a0, a1,
 * then a2 = a0 × a1), a0 and a1 orthonormalised in double then rounded to float32: the stored axes
 * are the ones the fit measures against. `work`: 18 numbers of scratch.
 */
function axesOf(C: Float64Array, node: number, frame: Float64Array, work: Float64Array): void {
  const p = 6 * node;
  const a = work; // symmetric matrix, row-major (0..8)
  const v = frame; // eigenvectors in columns while iterating
  a[0] = C[p];
  a[4] = C[p + 1];
  a[8] = C[p + 2];
  a[1] = a[3] = C[p + 3];
  a[2] = a[6] = C[p + 4];
  a[5] = a[7] = C[p + 5];
  for (let q = 0; q < 9; q++) v[q] = q % 4 === 0 ? 1 : 0;
  for (let sweep = 0; sweep < 30; sweep++) {
    const off = Math.abs(a[1]) + Math.abs(a[2]) + Math.abs(a[5]);
    const diag = Math.abs(a[0]) + Math.abs(a[4]) + Math.abs(a[8]);
    if (!(off > 1e-30 * diag)) break;
    for (let pair = 0; pair < 3; pair++) {
      const i = pair === 2 ? 1 : 0;
      const j = pair === 0 ? 1 : 2;
      const aij = a[3 * i + j];
      if (aij === 0) continue;
      const theta = (a[4 * j] - a[4 * i]) / (2 * aij);
      const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const aki = a[3 * k + i];
        const akj = a[3 * k + j];
        a[3 * k + i] = c * aki - s * akj;
        a[3 * k + j] = s * aki + c * akj;
      }
      for (let k = 0; k < 3; k++) {
        const aik = a[3 * i + k];
        const ajk = a[3 * j + k];
        a[3 * i + k] = c * aik - s * ajk;
        a[3 * j + k] = s * aik + c * ajk;
      }
      for (let k = 0; k < 3; k++) {
        const vki = v[3 * k + i];
        const vkj = v[3 * k + j];
        v[3 * k + i] = c * vki - s * vkj;
        v[3 * k + j] = s * vki + c * vkj;
      }
    }
  }
  // Largest and second eigenvalue's columns.
  const e0 = a[0],
    e1 = a[4],
    e2 = a[8];
  let i0 = 0;
  if (e1 > e0 && e1 >= e2) i0 = 1;
  else if (e2 > e0 && e2 > e1) i0 = 2;
  const r1 = i0 === 0 ? 1 : 0;
  const r2 = i0 === 2 ? 1 : 2;
  const i1 = a[4 * r2] > a[4 * r1] ? r2 : r1;
  let x0 = v[i0],
    y0 = v[3 + i0],
    z0 = v[6 + i0];
  let x1 = v[i1],
    y1 = v[3 + i1],
    z1 = v[6 + i1];
  let l = Math.sqrt(x0 * x0 + y0 * y0 + z0 * z0);
  if (!(l > 0.5) || !Number.isFinite(l)) {
    x0 = 1;
    y0 = 0;
    z0 = 0;
    l = 1;
  }
  x0 /= l;
  y0 /= l;
  z0 /= l;
  let d = x0 * x1 + y0 * y1 + z0 * z1;
  x1 -= d * x0;
  y1 -= d * y0;
  z1 -= d * z0;
  l = Math.sqrt(x1 * x1 + y1 * y1 + z1 * z1);
  if (!(l > 1e-3) || !Number.isFinite(l)) {
    // Any unit vector orthogonal to a0.
    if (Math.abs(x0) < 0.9) {
      x1 = 0;
      y1 = z0;
      z1 = -y0;
    } else {
      x1 = -z0;
      y1 = 0;
      z1 = x0;
    }
    d = x0 * x1 + y0 * y1 + z0 * z1;
    x1 -= d * x0;
    y1 -= d * y0;
    z1 -= d * z0;
    l = Math.sqrt(x1 * x1 + y1 * y1 + z1 * z1);
  }
  x1 /= l;
  y1 /= l;
  z1 /= l;
  frame[0] = Math.fround(x0);
  frame[1] = Math.fround(y0);
  frame[2] = Math.fround(z0);
  frame[3] = Math.fround(x1);
  frame[4] = Math.fround(y1);
  frame[5] = Math.fround(z1);
  frame[6] = y0 * z1 - z0 * y1;
  frame[7] = z0 * x1 - x0 * z1;
  frame[8] = x0 * y1 - y0 * x1;
}

/** The smallest float32 not below x (x finite, not negative). */
function up32(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : Math.fround(x + x * 2 ** -22 + 2 ** -148);
}

/**
 * PQP's fit of node `node`'s RSS in `frame` into `out`: the rectangle in the (a0, a1) plane through
 * the middle of the a2 range, its sides drawn in by the sphere's reach at each vertex's height, then
 * grown towards the vertices it leaves out; then, the centre and half-lengths stored, the radius
 * measured against the stored numbers and widened by the rounding of that measurement.
 */
function fitNode(
  positions: Float64Array,
  slot: Uint32Array,
  tree: BoundingTree,
  node: number,
  frame: Float64Array,
  out: Float32Array,
): void {
  const { child, count } = tree;
  // The facets under a node are contiguous in `order`, from its leftmost leaf to its rightmost.
  let left = node;
  while (count[left] === 0) left = left + 1;
  let right = node;
  while (count[right] === 0) right = child[right];
  const first = child[left];
  const last = child[right] + count[right];
  const a0x = frame[0],
    a0y = frame[1],
    a0z = frame[2],
    a1x = frame[3],
    a1y = frame[4],
    a1z = frame[5],
    a2x = frame[6],
    a2y = frame[7],
    a2z = frame[8];
  // Coordinates measured from the first vertex (a body far from the origin keeps its digits).
  const r0 = slot[3 * first];
  const ox = positions[r0],
    oy = positions[r0 + 1],
    oz = positions[r0 + 2];
  let x0 = Number.POSITIVE_INFINITY,
    x1 = Number.NEGATIVE_INFINITY,
    y0 = Number.POSITIVE_INFINITY,
    y1 = Number.NEGATIVE_INFINITY,
    z0 = Number.POSITIVE_INFINITY,
    z1 = Number.NEGATIVE_INFINITY;
  for (let k = 3 * first; k < 3 * last; k++) {
    const v = slot[k];
    const dx = positions[v] - ox,
      dy = positions[v + 1] - oy,
      dz = positions[v + 2] - oz;
    const x = a0x * dx + a0y * dy + a0z * dz,
      y = a1x * dx + a1y * dy + a1z * dz,
      z = a2x * dx + a2y * dy + a2z * dz;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  const mid = 0.5 * (z0 + z1);
  const rad2 = (0.5 * (z1 - z0)) ** 2;
  let rx0 = Number.POSITIVE_INFINITY,
    rx1 = Number.NEGATIVE_INFINITY,
    ry0 = Number.POSITIVE_INFINITY,
    ry1 = Number.NEGATIVE_INFINITY;
  for (let k = 3 * first; k < 3 * last; k++) {
    const v = slot[k];
    const dx = positions[v] - ox,
      dy = positions[v + 1] - oy,
      dz = positions[v + 2] - oz;
    const x = a0x * dx + a0y * dy + a0z * dz,
      y = a1x * dx + a1y * dy + a1z * dz,
      z = a2x * dx + a2y * dy + a2z * dz - mid;
    const h = Math.sqrt(Math.max(0, rad2 - z * z));
    if (x + h < rx0) rx0 = x + h;
    if (x - h > rx1) rx1 = x - h;
    if (y + h < ry0) ry0 = y + h;
    if (y - h > ry1) ry1 = y - h;
  }
  if (rx0 > rx1) rx0 = rx1 = 0.5 * (rx0 + rx1);
  if (ry0 > ry1) ry0 = ry1 = 0.5 * (ry0 + ry1);
  for (let k = 3 * first; k < 3 * last; k++) {
    const v = slot[k];
    const dx = positions[v] - ox,
      dy = positions[v + 1] - oy,
      dz = positions[v + 2] - oz;
    const x = a0x * dx + a0y * dy + a0z * dz,
      y = a1x * dx + a1y * dy + a1z * dz,
      z = a2x * dx + a2y * dy + a2z * dz - mid;
    const need = Math.max(0, rad2 - z * z);
    const ex = Math.max(0, rx0 - x, x - rx1);
    const ey = Math.max(0, ry0 - y, y - ry1);
    if (ex * ex + ey * ey <= need) continue;
    // Grow towards the vertex (growing never uncovers a vertex covered before).
    let gx: number;
    let gy: number;
    if (ex * ex <= 0.5 * need) {
      gx = ex;
      gy = Math.sqrt(Math.max(0, need - ex * ex));
    } else if (ey * ey <= 0.5 * need) {
      gy = ey;
      gx = Math.sqrt(Math.max(0, need - ey * ey));
    } else gx = gy = Math.sqrt(0.5 * need);
    if (x < rx0) rx0 = Math.min(rx0, x + gx);
    else if (x > rx1) rx1 = Math.max(rx1, x - gx);
    if (y < ry0) ry0 = Math.min(ry0, y + gy);
    else if (y > ry1) ry1 = Math.max(ry1, y - gy);
  }
  // The centre rounded to float32 (far from the origin it moves by up to an ulp of its coordinates):
  // the half-lengths are taken from where it landed, and the radius absorbs the rest.
  const qx = 0.5 * (rx0 + rx1),
    qy = 0.5 * (ry0 + ry1);
  const cx = Math.fround(ox + qx * a0x + qy * a1x + mid * a2x),
    cy = Math.fround(oy + qx * a0y + qy * a1y + mid * a2y),
    cz = Math.fround(oz + qx * a0z + qy * a1z + mid * a2z);
  const sx = a0x * (cx - ox) + a0y * (cy - oy) + a0z * (cz - oz),
    sy = a1x * (cx - ox) + a1y * (cy - oy) + a1z * (cz - oz);
  const l0 = up32(Math.max(rx1 - sx, sx - rx0, 0));
  const l1 = up32(Math.max(ry1 - sy, sy - ry0, 0));
  // The radius: each vertex's distance to a point of the stored rectangle (its clamped coordinates;
  // any point of the rectangle bounds the distance from above, orthonormal axes or not).
  let r2 = 0;
  let far = 0;
  for (let k = 3 * first; k < 3 * last; k++) {
    const v = slot[k];
    const dx = positions[v] - cx,
      dy = positions[v + 1] - cy,
      dz = positions[v + 2] - cz;
    let s = a0x * dx + a0y * dy + a0z * dz;
    let u = a1x * dx + a1y * dy + a1z * dz;
    s = s < -l0 ? -l0 : s > l0 ? l0 : s;
    u = u < -l1 ? -l1 : u > l1 ? l1 : u;
    const ex = dx - s * a0x - u * a1x,
      ey = dy - s * a0y - u * a1y,
      ez = dz - s * a0z - u * a1z;
    const e2 = ex * ex + ey * ey + ez * ez;
    if (e2 > r2) r2 = e2;
    const f = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
    if (f > far) far = f;
  }
  // Rounding of that measurement: d = p − c to half an ulp of itself, each e to a few ulps of
  // |d| + |s a0| + |u a1| ≤ 3 |d|₁, the square and root to a few ulps of r: 64 ε |d|₁ covers it.
  const o = RSS_STRIDE * node;
  out[o] = a0x;
  out[o + 1] = a0y;
  out[o + 2] = a0z;
  out[o + 3] = a1x;
  out[o + 4] = a1y;
  out[o + 5] = a1z;
  out[o + RSS_C] = cx;
  out[o + RSS_C + 1] = cy;
  out[o + RSS_C + 2] = cz;
  out[o + RSS_L] = l0;
  out[o + RSS_L + 1] = l1;
  out[o + RSS_R] = up32(Math.sqrt(r2) * (1 + 8 * EPS) + 64 * EPS * far);
}

/**
 * Node j's axes and centre (of `vb`, B's RSS) taken into A's frame by (R, t) (a point x of B at
 * R x + t), 9 numbers at `dst[9 j…]`: a0, a1, c. `dst` holds 9 numbers a node of B; nothing is
 * allocated.
 *
 * @example
 * ```ts
 * import { box, placeRss, rssOf } from '@firsttouch/mesh';
 * const vb = rssOf(box([1, 1, 1]));
 * const dst = new Float64Array(9);
 * placeRss(vb, 0, new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([5, 0, 0]), dst);
 * console.log(Math.abs(dst[6] - 5) < 1e-6, Math.abs(dst[7]) < 1e-6); // true true
 * ```
 */
export function placeRss(
  vb: Float32Array,
  j: number,
  R: Float64Array,
  t: Float64Array,
  dst: Float64Array,
): void {
  const o = RSS_STRIDE * j;
  const p = 9 * j;
  for (let k = 0; k < 9; k += 3) {
    const x = vb[o + k],
      y = vb[o + k + 1],
      z = vb[o + k + 2];
    dst[p + k] = R[0] * x + R[1] * y + R[2] * z;
    dst[p + k + 1] = R[3] * x + R[4] * y + R[5] * z;
    dst[p + k + 2] = R[6] * x + R[7] * y + R[8] * z;
  }
  dst[p + 6] += t[0];
  dst[p + 7] += t[1];
  dst[p + 8] += t[2];
}

/**
 * Lower bound of the distance between node i's RSS of `va` (A's frame) and node j's of `vb` (placed
 * by {@link placeRss} in `pb`), into `out[0]`: a direction u between the two rectangles found by one
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
 * import { box, placeRss, rssGap, rssOf } from '@firsttouch/mesh';
 * const v = rssOf(box([1, 1, 1])); // the unit cube about the origin
 * const placed = new Float64Array(9);
 * placeRss(v, 0, new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([3, 0, 0]), placed);
 * const out = new Float64Array(4);
 * rssGap(v, 0, v, placed, 0, out); // the cube against itself moved by 3 along x: distance 2
 * console.log(out[0] > 1 && out[0] <= 2); // true
 * ```
 */
export function rssGap(
  va: Float32Array,
  i: number,
  vb: Float32Array,
  pb: Float64Array,
  j: number,
  out: Float64Array,
): void {
  const o = RSS_STRIDE * i;
  const p = 9 * j;
  const q = RSS_STRIDE * j;
  const a00 = va[o],
    a01 = va[o + 1],
    a02 = va[o + 2],
    a10 = va[o + 3],
    a11 = va[o + 4],
    a12 = va[o + 5];
  const b00 = pb[p],
    b01 = pb[p + 1],
    b02 = pb[p + 2],
    b10 = pb[p + 3],
    b11 = pb[p + 4],
    b12 = pb[p + 5];
  const la0 = va[o + RSS_L],
    la1 = va[o + RSS_L + 1],
    lb0 = vb[q + RSS_L],
    lb1 = vb[q + RSS_L + 1];
  // Offsets from A's centre: B's centre is at D.
  const Dx = pb[p + 6] - va[o + RSS_C],
    Dy = pb[p + 7] - va[o + RSS_C + 1],
    Dz = pb[p + 8] - va[o + RSS_C + 2];
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
  out[1] = out[2] = out[3] = 0;
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
    out[1] = ux * inverse;
    out[2] = uy * inverse;
    out[3] = uz * inverse;
  }
  g -= va[o + RSS_R] + vb[q + RSS_R];
  out[0] = g > 0 ? g : 0;
}
