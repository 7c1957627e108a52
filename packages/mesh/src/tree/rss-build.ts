import { type Bounds, boundsOf } from '../bounds.js';
import type { BoundingTree } from './build.js';
import { principalAxes } from './principal-axes.js';
import { RSS_AXIS, RSS_C, RSS_L, RSS_R, RSS_STRIDE, type RssVolumes } from './rss-layout.js';
import { RssVertices } from './rss-vertices.js';

const EPS = 2 ** -53;
/** Largest axis integer: 32 767 · |a| with |a| = 1 rounds to at most this. */
const AXIS_MAX = 32767;
/**
 * A root box's half-extent in grid steps at most (see `gridOf`): a node's centre lies within the box,
 * and its half-lengths and radius within the box's diagonal, 2√3 of them, under 65 535.
 */
const HALF_STEPS = 16384;

/**
 * Builds the RSS of every node of `tree`. Each frame comes from the area-weighted covariance of the
 * node's facets (moments merged bottom-up about their means, so a body far from the origin keeps its
 * frames; tighter than a covariance of the vertices, see DECISIONS.md), then PQP's fit over every
 * vertex under the node, rounded to the grid: O(n log n), no recursion.
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
  // tree: through offsets into `positions` the fit misses the cache at every level, and listed three
  // a facet a closed mesh's vertices are read some six times over at every level.
  const data = new Int16Array(RSS_STRIDE * n);
  const sizes = new Uint16Array(data.buffer);
  const volumes = { data, sizes };
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
      fitNode(vertices.coords, vertices.begin(node), vertices.end(node), frame, grid, volumes, node);
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
 * `RSS_AXIS`: the stored axes are the ones the fit measures against. `work`: 6 numbers of
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
 * that measurement and rounded up to the grid (into `volumes`, the arrays of `RssVolumes`). The node's vertices are `xyz[3 first .. 3 last)`
 * (x y z each, in order of first use along its facets, repeated only where blocks meet: see
 * `RssVertices`), the first of them its first facet's first corner.
 */
function fitNode(
  xyz: Float64Array,
  first: number,
  last: number,
  frame: Float64Array,
  grid: Float64Array,
  volumes: { readonly data: Int16Array; readonly sizes: Uint16Array },
  node: number,
): void {
  const { data, sizes } = volumes;
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
