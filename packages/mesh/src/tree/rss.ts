import { type Bounds, boundsOf } from '../bounds.js';
import type { Surface } from '../surface.js';
import type { BoundingTree } from './build.js';
import { principalAxes } from './principal-axes.js';
import { RssVertices } from './rss-vertices.js';

/**
 * Rectangle swept spheres (RSS, as in PQP) over the nodes of a surface tree, same numbering, in 16-bit
 * integers: {@link RSS_STRIDE} a node, 24 bytes. A node's volume is every point within r of the
 * rectangle { c + s a0 + u a1 : |s| ≤ l0, |u| ≤ l1 }, where (see {@link rssNode}) the axes a0, a1 are
 * `data` times {@link RSS_AXIS}, the centre c is `origin` plus `data` times `step`, and l0, l1, r are
 * `sizes` times `step`. The decoded numbers define the volume exactly (the axes need not be
 * orthonormal for that) and r is measured against them, so each volume contains its node's vertices
 * whatever the rounding to 16 bits; `step`, a power of two, makes every decoded offset exact.
 *
 * @example
 * ```ts
 * import { box, RSS_STRIDE, rssOf } from '@firsttouch/mesh';
 * const s = box([1, 1, 1]);
 * const v = rssOf(s);
 * console.log(v.data.length === RSS_STRIDE * s.tree().nodeCount, v.byteLength / s.tree().nodeCount); // true 24
 * ```
 */
export interface RssVolumes {
  /** {@link RSS_STRIDE} integers a node: a0, a1 (offset 0 and 3), the centre (offset {@link RSS_C}). */
  readonly data: Int16Array;
  /** The same buffer read unsigned: the half-lengths (offset {@link RSS_L}) and the radius ({@link RSS_R}). */
  readonly sizes: Uint16Array;
  /** The grid's origin in the body frame: the centre of the surface's bounding box. */
  readonly origin: Float64Array;
  /** The grid's step (a power of two): centres, half-lengths and radii are whole multiples of it. */
  readonly step: number;
  /** Bytes held by `data` (`sizes` shares them). */
  readonly byteLength: number;
}

/**
 * Integers a node in {@link RssVolumes}.
 *
 * @example
 * ```ts
 * import { icosphere, RSS_STRIDE, rssOf } from '@firsttouch/mesh';
 * console.log(rssOf(icosphere(1, 2)).data.length / RSS_STRIDE); // 319
 * ```
 */
export const RSS_STRIDE = 12;
/**
 * Offset of the centre (3 integers) in a node's entry; the axes a0, a1 are at offsets 0 and 3.
 *
 * @example
 * ```ts
 * import { box, RSS_C, rssOf } from '@firsttouch/mesh';
 * const v = rssOf(box([2, 2, 2]));
 * const c = v.data.subarray(RSS_C, RSS_C + 3); // the root's centre, in grid steps from the box centre
 * console.log(Math.max(...c.map(Math.abs)) <= 2); // true
 * ```
 */
export const RSS_C = 6;
/**
 * Offset of the half-lengths l0, l1 in a node's entry (read from `sizes`).
 *
 * @example
 * ```ts
 * import { box, RSS_L, rssOf } from '@firsttouch/mesh';
 * const v = rssOf(box([2, 2, 2]));
 * console.log(v.sizes[RSS_L] > 0); // true
 * ```
 */
export const RSS_L = 9;
/**
 * Offset of the radius r in a node's entry (read from `sizes`).
 *
 * @example
 * ```ts
 * import { box, RSS_R, rssOf } from '@firsttouch/mesh';
 * console.log(rssOf(box([2, 2, 2])).sizes[RSS_R] >= 0); // true
 * ```
 */
export const RSS_R = 11;
/**
 * The axes' unit: a stored axis component q stands for q · 2⁻¹⁵ (stored as the nearest integer to
 * 32 767 times the unit axis, so a decoded axis is a little shorter than 1, never longer).
 *
 * @example
 * ```ts
 * import { box, RSS_AXIS, rssOf } from '@firsttouch/mesh';
 * const a = rssOf(box([4, 2, 1])).data; // the root's first axis lies along x
 * console.log(Math.abs(a[0] * RSS_AXIS) > 0.999); // true
 * ```
 */
export const RSS_AXIS = 2 ** -15;

const EPS = 2 ** -53;
/** Largest axis integer: 32 767 · |a| with |a| = 1 rounds to at most this. */
const AXIS_MAX = 32767;
/**
 * A root box's half-extent in grid steps at most (see `gridOf`): a node's centre lies within the box,
 * and its half-lengths and radius within the box's diagonal, 2√3 of them, under 65 535.
 */
const HALF_STEPS = 16384;

/**
 * The RSS of a surface's tree, built on first use and kept as long as the tree.
 *
 * @example
 * ```ts
 * import { box, RSS_STRIDE, rssOf } from '@firsttouch/mesh';
 * const s = box([1, 1, 1]);
 * console.log(rssOf(s) === rssOf(s), rssOf(s).data.length / RSS_STRIDE === s.tree().nodeCount); // true true
 * ```
 */
export function rssOf(surface: Surface): RssVolumes {
  const tree = surface.tree();
  let v = tree.kept.rss;
  if (v === undefined) {
    v = buildRss(surface.positions, surface.indices, tree);
    tree.kept.rss = v;
  }
  return v;
}

declare module './build.js' {
  interface TreeKept {
    /** The RSS of a surface's tree ({@link rssOf}). */
    rss?: RssVolumes;
  }
}

/**
 * Node i's volume decoded into `out` (12 numbers): a0, a1, the centre c (body frame), l0, l1, r.
 *
 * @example
 * ```ts
 * import { box, rssNode, rssOf } from '@firsttouch/mesh';
 * const out = new Float64Array(12);
 * rssNode(rssOf(box([2, 2, 2])), 0, out); // the root: its centre near the cube's
 * console.log(Math.hypot(out[6], out[7], out[8]) < 1e-3, out[11] > 0); // true true
 * ```
 */
export function rssNode(v: RssVolumes, i: number, out: Float64Array): void {
  const q = v.data;
  const o = RSS_STRIDE * i;
  for (let k = 0; k < 6; k++) out[k] = q[o + k] * RSS_AXIS;
  const h = v.step;
  for (let k = 0; k < 3; k++) out[6 + k] = v.origin[k] + q[o + RSS_C + k] * h;
  out[9] = v.sizes[o + RSS_L] * h;
  out[10] = v.sizes[o + RSS_L + 1] * h;
  out[11] = v.sizes[o + RSS_R] * h;
}

/**
 * Builds the RSS of every node of `tree`. Each frame comes from the area-weighted covariance of the
 * node's facets (moments merged bottom-up about their means, so a body far from the origin keeps its
 * frames; measured on the bunny pair against a covariance of the vertices: 2 516 node pairs a query
 * against 2 696), then PQP's fit over every vertex under the node, rounded to the grid: O(n log n), no recursion.
 */
export function buildRss(positions: Float64Array, indices: Uint32Array, tree: BoundingTree): RssVolumes {
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
  // The vertices each node's fit reads, one contiguous run a node, each listed once a block of the
  // tree (through offsets into `positions` the fit missed the cache at every level: a random soup of
  // 10⁶ facets took 12–15 s; listed three a facet, a closed mesh's vertices are read some six times
  // over at every level).
  const data = new Int16Array(RSS_STRIDE * n);
  const sizes = new Uint16Array(data.buffer);
  const frame = new Float64Array(9);
  const work = new Float64Array(6);
  const vertices = new RssVertices(positions, indices, tree);
  let grid: Float64Array | undefined;
  while (vertices.next()) {
    // Its box from the vertices the facets use (the first level lists every one of them).
    grid ??= gridOf(boundsOf(vertices.coords, 3));
    for (let node = 0; node < n; node++) {
      if (!vertices.reads(node)) continue;
      axesOf(C, node, frame, work);
      fitNode(vertices.coords, vertices.begin(node), vertices.end(node), frame, grid, data, sizes, node);
    }
  }
  grid ??= gridOf(boundsOf(new Float64Array(0), 3));
  return { data, sizes, origin: grid.subarray(0, 3), step: grid[3], byteLength: data.byteLength };
}

/**
 * The grid of a surface's RSS, 10 numbers: origin (its vertices' box centre), step, and each axis's
 * limit for a centre (in steps: centres stay within the box). The step is the smallest power of two
 * with the box's largest half-extent at most {@link HALF_STEPS} steps: a rounding of 2⁻¹⁵ of the
 * body's size at most, where the nodes of a fine mesh are some hundredths of it.
 */
function gridOf(b: Bounds): Float64Array {
  const g = new Float64Array(10);
  let half = 0;
  for (let a = 0; a < 3; a++) {
    let lo = b.min[a];
    let hi = b.max[a];
    if (!(lo <= hi)) lo = hi = 0; // no vertex
    // Halves first: no overflow near the largest doubles.
    g[a] = 0.5 * lo + 0.5 * hi;
    half = Math.max(half, 0.5 * hi - 0.5 * lo);
    g[4 + a] = 0.5 * hi - 0.5 * lo; // in steps below
  }
  let step = 2 ** -1074;
  while (step * HALF_STEPS < half) step *= 2;
  g[3] = step;
  for (let a = 0; a < 3; a++) g[4 + a] = Math.floor(g[4 + a] / step);
  return g;
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
 * The two leading eigenvectors of node `node`'s scatter ({@link principalAxes}: unit and square to
 * each other) into `frame` (rows a0, a1, then a2 = a0 × a1), a0 and a1 rounded to whole units of
 * {@link RSS_AXIS}: the stored axes are the ones the fit measures against. `work`: 6 numbers of
 * scratch.
 */
function axesOf(C: Float64Array, node: number, frame: Float64Array, work: Float64Array): void {
  principalAxes(C, 6 * node, work);
  const x0 = work[0],
    y0 = work[1],
    z0 = work[2];
  const x1 = work[3],
    y1 = work[4],
    z1 = work[5];
  frame[0] = Math.round(x0 * AXIS_MAX) * RSS_AXIS;
  frame[1] = Math.round(y0 * AXIS_MAX) * RSS_AXIS;
  frame[2] = Math.round(z0 * AXIS_MAX) * RSS_AXIS;
  frame[3] = Math.round(x1 * AXIS_MAX) * RSS_AXIS;
  frame[4] = Math.round(y1 * AXIS_MAX) * RSS_AXIS;
  frame[5] = Math.round(z1 * AXIS_MAX) * RSS_AXIS;
  frame[6] = y0 * z1 - z0 * y1;
  frame[7] = z0 * x1 - x0 * z1;
  frame[8] = x0 * y1 - y0 * x1;
}

/**
 * PQP's fit of node `node`'s RSS in `frame` into `data` and `sizes`: the rectangle in the (a0, a1)
 * plane through the middle of the a2 range, its sides drawn in by the sphere's reach at each
 * vertex's height, then grown towards the vertices it leaves out; then the centre and half-lengths
 * rounded to the grid, the radius measured against the stored numbers, widened by the rounding of
 * that measurement and rounded up to the grid. The node's vertices are `xyz[3 first .. 3 last)`
 * (x y z each, in order of first use along its facets, repeated only where blocks meet: see
 * `RssVertices`), the first of them its first facet's first corner.
 */
function fitNode(
  xyz: Float64Array,
  first: number,
  last: number,
  frame: Float64Array,
  grid: Float64Array,
  data: Int16Array,
  sizes: Uint16Array,
  node: number,
): void {
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
  const r0 = 3 * first;
  const ox = xyz[r0],
    oy = xyz[r0 + 1],
    oz = xyz[r0 + 2];
  let x0 = Number.POSITIVE_INFINITY,
    x1 = Number.NEGATIVE_INFINITY,
    y0 = Number.POSITIVE_INFINITY,
    y1 = Number.NEGATIVE_INFINITY,
    z0 = Number.POSITIVE_INFINITY,
    z1 = Number.NEGATIVE_INFINITY;
  for (let v = 3 * first; v < 3 * last; v += 3) {
    const dx = xyz[v] - ox,
      dy = xyz[v + 1] - oy,
      dz = xyz[v + 2] - oz;
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
  for (let v = 3 * first; v < 3 * last; v += 3) {
    const dx = xyz[v] - ox,
      dy = xyz[v + 1] - oy,
      dz = xyz[v + 2] - oz;
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
  for (let v = 3 * first; v < 3 * last; v += 3) {
    const dx = xyz[v] - ox,
      dy = xyz[v + 1] - oy,
      dz = xyz[v + 2] - oz;
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
  // The centre on the grid (relative to its origin, exact), kept within the surface's box, so the
  // half-lengths and radius fit 16 bits; the half-lengths are taken from where it landed, and the
  // radius absorbs the rest.
  const step = grid[3];
  const qx = 0.5 * (rx0 + rx1),
    qy = 0.5 * (ry0 + ry1);
  const kx = onGrid(ox - grid[0] + qx * a0x + qy * a1x + mid * a2x, step, grid[4]),
    ky = onGrid(oy - grid[1] + qx * a0y + qy * a1y + mid * a2y, step, grid[5]),
    kz = onGrid(oz - grid[2] + qx * a0z + qy * a1z + mid * a2z, step, grid[6]);
  const cx = kx * step,
    cy = ky * step,
    cz = kz * step;
  const fx = grid[0] + cx - ox,
    fy = grid[1] + cy - oy,
    fz = grid[2] + cz - oz;
  const sx = a0x * fx + a0y * fy + a0z * fz,
    sy = a1x * fx + a1y * fy + a1z * fz;
  const n0 = lengthOnGrid(Math.max(rx1 - sx, sx - rx0, 0) / step);
  const n1 = lengthOnGrid(Math.max(ry1 - sy, sy - ry0, 0) / step);
  // The radius, in steps (no square overflows or underflows whatever the body's size): each
  // vertex's distance to a point of the stored rectangle (its clamped coordinates; any point of the
  // rectangle bounds the distance from above, orthonormal axes or not), measured from the grid's
  // origin.
  let r2 = 0;
  let far = 0;
  for (let v = 3 * first; v < 3 * last; v += 3) {
    const px = (xyz[v] - grid[0]) / step,
      py = (xyz[v + 1] - grid[1]) / step,
      pz = (xyz[v + 2] - grid[2]) / step;
    const dx = px - kx,
      dy = py - ky,
      dz = pz - kz;
    let s = a0x * dx + a0y * dy + a0z * dz;
    let u = a1x * dx + a1y * dy + a1z * dz;
    s = s < -n0 ? -n0 : s > n0 ? n0 : s;
    u = u < -n1 ? -n1 : u > n1 ? n1 : u;
    const ex = dx - s * a0x - u * a1x,
      ey = dy - s * a0y - u * a1y,
      ez = dz - s * a0z - u * a1z;
    const e2 = ex * ex + ey * ey + ez * ez;
    if (e2 > r2) r2 = e2;
    const f = Math.abs(px) + Math.abs(py) + Math.abs(pz) + Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
    if (f > far) far = f;
  }
  // Rounding of that measurement: p − origin and then d to half an ulp of |p − origin| + |d|, each e
  // to a few ulps of |d| + |s a0| + |u a1| ≤ 3 |d|₁, the square and root to a few ulps of r: 64 ε
  // (|p − origin|₁ + |d|₁) covers it (the scaling by a power of two is exact). The radius is at most
  // the box's diagonal, 2√3 · HALF_STEPS steps, under the largest integer, which a measurement that
  // overflowed (coordinates near the largest doubles) takes.
  let nr = Math.ceil(Math.sqrt(r2) * (1 + 8 * EPS) + 64 * EPS * far);
  if (!(nr <= SIZE_MAX)) nr = SIZE_MAX;
  const o = RSS_STRIDE * node;
  data[o] = Math.round(a0x / RSS_AXIS);
  data[o + 1] = Math.round(a0y / RSS_AXIS);
  data[o + 2] = Math.round(a0z / RSS_AXIS);
  data[o + 3] = Math.round(a1x / RSS_AXIS);
  data[o + 4] = Math.round(a1y / RSS_AXIS);
  data[o + 5] = Math.round(a1z / RSS_AXIS);
  data[o + RSS_C] = kx;
  data[o + RSS_C + 1] = ky;
  data[o + RSS_C + 2] = kz;
  sizes[o + RSS_L] = n0;
  sizes[o + RSS_L + 1] = n1;
  sizes[o + RSS_R] = nr;
}

/** Largest half-length or radius integer. */
const SIZE_MAX = 65535;

/**
 * A half-length in whole steps, at most the largest integer (any rectangle is valid: the radius is
 * measured against the stored one), 0 for a fit that overflowed to NaN.
 */
function lengthOnGrid(x: number): number {
  const n = Math.ceil(x);
  return n <= SIZE_MAX ? n : Number.isNaN(n) ? 0 : SIZE_MAX;
}

/** x (an offset from the grid's origin) in whole steps, within ±limit. */
function onGrid(x: number, step: number, limit: number): number {
  const k = Math.round(x / step);
  return k < -limit ? -limit : k > limit ? limit : Number.isNaN(k) ? 0 : k;
}

/**
 * Where B's grid origin lands in A's grid (a point x of B at R x + t in A's frame): R o_B + t − o_A,
 * into `out` (3 numbers), once a placement, for {@link placeRss}.
 *
 * @example
 * ```ts
 * import { box, rssOf, rssShift } from '@firsttouch/mesh';
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
 * Node j of B's RSS decoded and taken into A's grid by R and `shift` (from {@link rssShift}), 12
 * numbers at `dst[12 j…]`: a0, a1 turned, the centre (from A's grid origin), l0, l1, r. `dst` holds
 * 12 numbers a node of B; nothing is allocated.
 *
 * @example
 * ```ts
 * import { box, placeRss, rssOf, rssShift } from '@firsttouch/mesh';
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
  for (let k = 0; k < 9; k += 3) {
    const f = k < 6 ? RSS_AXIS : h;
    const x = q[o + k] * f,
      y = q[o + k + 1] * f,
      z = q[o + k + 2] * f;
    dst[p + k] = R[0] * x + R[1] * y + R[2] * z;
    dst[p + k + 1] = R[3] * x + R[4] * y + R[5] * z;
    dst[p + k + 2] = R[6] * x + R[7] * y + R[8] * z;
  }
  dst[p + 6] += shift[0];
  dst[p + 7] += shift[1];
  dst[p + 8] += shift[2];
  const u = vb.sizes;
  dst[p + 9] = u[o + RSS_L] * h;
  dst[p + 10] = u[o + RSS_L + 1] * h;
  dst[p + 11] = u[o + RSS_R] * h;
}

/**
 * Lower bound of the distance between node i's RSS of `va` (A's frame) and node j of B's (placed by
 * {@link placeRss} in `pb`), into `out[0]`: a direction u between the two rectangles found by one
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
 * import { box, placeRss, rssGap, rssOf, rssShift } from '@firsttouch/mesh';
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
  g -= ua[o + RSS_R] * h + pb[p + 11];
  out[0] = g > 0 ? g : 0;
}
