import { orient3dAt } from '@firsttouch/convex/internal';
import { Pool } from '../util/pool.js';
import { segmentHitsTriangle } from './exact3.js';
import { facetNormal } from './facet-normal.js';
import { segmentClosest3 } from './segment-closest.js';
import { TriangleWork } from './triangle-work.js';

/**
 * The offsets of a triangle's three edges' ends (9 numbers a triangle). Never written; a plain array,
 * not a frozen one: optimised code reads a frozen array's elements several times slower, and this is
 * read for every edge pair of every facet pair (listed in the package check's constant tables).
 */
const EDGE = [0, 3, 3, 6, 6, 0];

/**
 * Where {@link triangleDistance} writes into `out`: the closest point on the first triangle at
 * `out[TRIANGLE_POINT_A..+3)`, on the second at `out[TRIANGLE_POINT_B..+3)`, and at
 * `out[TRIANGLE_MEET]` 1 when the triangles intersect, else 0 (7 numbers in all).
 *
 * @example
 * ```ts
 * import { TRIANGLE_MEET, TRIANGLE_POINT_B, triangleDistance } from '@firsttouch/mesh';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * const out = new Float64Array(7);
 * triangleDistance(T, 0, 9, out);
 * console.log(out[TRIANGLE_POINT_B + 2], out[TRIANGLE_MEET]); // 2 0
 * ```
 */
export const TRIANGLE_POINT_A = 0;
/** See {@link TRIANGLE_POINT_A}. */
export const TRIANGLE_POINT_B = 3;
/** See {@link TRIANGLE_POINT_A}. */
export const TRIANGLE_MEET = 6;

/** The scratch the exported routine borrows (its callers in a loop pass their own). */
const works = new Pool<TriangleWork>(4);

/**
 * The distance between two closed triangles held in `T` (9 numbers each, at offsets `a` and `b`,
 * in one frame). Writes the closest points into `out` (on the first at {@link TRIANGLE_POINT_A}, on
 * the second at {@link TRIANGLE_POINT_B}), and `out[TRIANGLE_MEET] = 1` when the triangles intersect
 * (then the distance is 0 and both points are a common point), else 0. Degenerate triangles (segments, points) are handled.
 *
 * Intersection is decided exactly (orient3d / orient2d); the distance of disjoint triangles is the
 * smallest of the 9 edge–edge and 6 vertex–face distances, in floating point. Sound for coordinates
 * within [2^−200, 2^200]: it takes fourth powers of them, which overflow past about 2^250 and
 * underflow below about 2^−260 (the answer was then several times the distance); take triangles
 * outside that range to unit size by a power of two first, as the surface queries do.
 *
 * @example
 * ```ts
 * import { triangleDistance } from '@firsttouch/mesh';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * const out = new Float64Array(7);
 * console.log(triangleDistance(T, 0, 9, out), out[6]); // 2 0
 * ```
 */
export function triangleDistance(T: Float64Array, a: number, b: number, out: Float64Array): number {
  const work = works.get() ?? new TriangleWork();
  const d = triangleDistanceWith(T, a, b, out, work);
  works.release(work);
  return d;
}

/**
 * {@link triangleDistance} with the caller's scratch (what the searches call for every facet pair):
 * the same numbers, bit for bit. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleDistanceWith } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.2, -1, 0.2, 0.2, 1, 0.3, 0.2, 1]);
 * const out = new Float64Array(7);
 * console.log(triangleDistanceWith(T, 0, 9, out, new TriangleWork()), out[6]); // 0 1
 * ```
 */
export function triangleDistanceWith(
  T: Float64Array,
  a: number,
  b: number,
  out: Float64Array,
  work: TriangleWork,
): number {
  triangleDistanceIo(T, a, b, out, work);
  return work.io[1];
}

/**
 * {@link triangleDistanceWith} with the distance written to `work.io[1]` rather than returned (the
 * same numbers, bit for bit): what the searches call for every facet pair they measure, since a
 * double returned from a call that is not inlined is boxed. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleDistanceIo } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * const work = new TriangleWork();
 * triangleDistanceIo(T, 0, 9, new Float64Array(7), work);
 * console.log(work.io[1]); // 2
 * ```
 */
export function triangleDistanceIo(
  T: Float64Array,
  a: number,
  b: number,
  out: Float64Array,
  work: TriangleWork,
): void {
  // Boxes apart along a coordinate (exact comparisons) cannot meet: no orientation needed. This also
  // spares the edge-by-edge test to faces that are coplanar but far apart (boxes on one floor).
  const relation = boxesApart(T, a, b) ? 0 : crossing(T, a, b);
  if (relation === 1 || (relation < 0 && intersectTriangles(T, a, b, work))) {
    out[TRIANGLE_MEET] = 1;
    work.io[1] = 0;
    if (crossingWitness(T, a, b, out, work)) return;
    // Touching or coplanar overlap: a closest feature pair is at (rounded) distance ~0.
    featureDistance(T, a, b, out, work);
    for (let i = 0; i < 3; i++) out[i] = out[i + 3] = 0.5 * out[i] + 0.5 * out[i + 3];
    work.io[1] = 0;
    return;
  }
  out[TRIANGLE_MEET] = 0;
  featureDistance(T, a, b, out, work);
  work.io[1] = Math.sqrt(work.io[1]);
}

/** True when the two triangles' bounding boxes are disjoint along some coordinate (exactly). */
function boxesApart(T: Float64Array, a: number, b: number): boolean {
  for (let k = 0; k < 3; k++) {
    const a0 = T[a + k],
      a1 = T[a + 3 + k],
      a2 = T[a + 6 + k];
    const b0 = T[b + k],
      b1 = T[b + 3 + k],
      b2 = T[b + 6 + k];
    const loA = a0 < a1 ? (a0 < a2 ? a0 : a2) : a1 < a2 ? a1 : a2;
    const hiA = a0 > a1 ? (a0 > a2 ? a0 : a2) : a1 > a2 ? a1 : a2;
    const loB = b0 < b1 ? (b0 < b2 ? b0 : b2) : b1 < b2 ? b1 : b2;
    const hiB = b0 > b1 ? (b0 > b2 ? b0 : b2) : b1 > b2 ? b1 : b2;
    if (hiA < loB || hiB < loA) return true;
  }
  return false;
}

/**
 * Whether the triangles at `a` and `b` meet, from orientations alone (Guigue and Devillers' test):
 * 0 when a plane of one has the other strictly on one side, or when each crosses the other's plane
 * and their two crossing segments miss each other on the common line; 1 when those segments
 * overlap; −1 when some vertex lies on the other's plane (touching, coplanar or degenerate cases,
 * left to the edge-by-edge test). Every sign is exact, so is the answer.
 */
export function crossing(T: Float64Array, a: number, b: number): number {
  // B's vertices against A's plane.
  const a0 = planeSide(T, a, b);
  const a1 = planeSide(T, a, b + 3);
  const a2 = planeSide(T, a, b + 6);
  if (a0 === a1 && a1 === a2 && a0 !== 0) return 0;
  const b0 = planeSide(T, b, a);
  const b1 = planeSide(T, b, a + 3);
  const b2 = planeSide(T, b, a + 6);
  if (b0 === b1 && b1 === b2 && b0 !== 0) return 0;
  if (a0 === 0 || a1 === 0 || a2 === 0 || b0 === 0 || b1 === 0 || b2 === 0) return -1;
  // Each triangle now has one vertex (its apex) alone on its side of the other's plane. Cycling the
  // vertices keeps the orientation; the apex goes first.
  const i = b0 === b1 ? 6 : b0 === b2 ? 3 : 0;
  const j = a0 === a1 ? 6 : a0 === a2 ? 3 : 0;
  const p1 = a + i;
  let q1 = a + ((i + 3) % 9);
  let r1 = a + ((i + 6) % 9);
  const p2 = b + j;
  let q2 = b + ((j + 3) % 9);
  let r2 = b + ((j + 6) % 9);
  // Orient each triangle so that the other's apex lies on the positive side of its plane (a swap
  // of two vertices turns the plane over).
  if ((i === 0 ? b0 : i === 3 ? b1 : b2) < 0) {
    const x = q2;
    q2 = r2;
    r2 = x;
  }
  if ((j === 0 ? a0 : j === 3 ? a1 : a2) < 0) {
    const x = q1;
    q1 = r1;
    r1 = x;
  }
  // The crossing segments overlap on the common line iff both ends are in order.
  return orient3dAt(T, p1, q1, p2, q2) <= 0 && orient3dAt(T, p1, r1, r2, p2) <= 0 ? 1 : 0;
}

/** The exact sign of orient3d(triangle at `a`, point at `p`): see `orient3dAt`. */
function planeSide(T: Float64Array, a: number, p: number): number {
  return orient3dAt(T, a, a + 3, a + 6, p);
}

/** Closed triangles meet iff an edge of one meets the other (this holds for degenerate ones too). */
function intersectTriangles(T: Float64Array, a: number, b: number, work: TriangleWork): boolean {
  for (let e = 0; e < 6; e += 2) {
    if (segmentHitsTriangle(T, a + EDGE[e], a + EDGE[e + 1], b, b + 3, b + 6, work)) return true;
  }
  for (let e = 0; e < 6; e += 2) {
    if (segmentHitsTriangle(T, b + EDGE[e], b + EDGE[e + 1], a, a + 3, a + 6, work)) return true;
  }
  return false;
}

/**
 * A common point of two intersecting triangles, where an edge of one crosses the other: of all such
 * crossings the one closest to the facet it crosses (a sliver's plane is ill-defined, so a crossing
 * computed against it can land off it). False when no edge crosses a plane (coplanar contact).
 */
function crossingWitness(
  T: Float64Array,
  a: number,
  b: number,
  out: Float64Array,
  work: TriangleWork,
): boolean {
  const cross = work.cross;
  let best = Number.POSITIVE_INFINITY;
  for (let side = 0; side < 2; side++) {
    const edges = side === 0 ? a : b;
    const face = side === 0 ? b : a;
    for (let e = 0; e < 6; e += 2) {
      if (!segmentHitsTriangle(T, edges + EDGE[e], edges + EDGE[e + 1], face, face + 3, face + 6, work))
        continue;
      if (cross[3] !== 1) continue;
      const d = pointTriangleDistance2(cross, T, face, work.normal);
      if (d < best) {
        best = d;
        out[0] = out[3] = cross[0];
        out[1] = out[4] = cross[1];
        out[2] = out[5] = cross[2];
      }
    }
  }
  return best < Number.POSITIVE_INFINITY;
}

/**
 * Squared distance from the point `P[0..2]` to the triangle at offset `f` of `T` (degenerate
 * allowed); `normal` is scratch.
 */
function pointTriangleDistance2(P: Float64Array, T: Float64Array, f: number, normal: Float64Array): number {
  const px = P[0],
    py = P[1],
    pz = P[2];
  let best = Number.POSITIVE_INFINITY;
  for (let e = 0; e < 6; e += 2) {
    const i = f + EDGE[e],
      j = f + EDGE[e + 1];
    const dx = T[j] - T[i],
      dy = T[j + 1] - T[i + 1],
      dz = T[j + 2] - T[i + 2];
    const dd = dx * dx + dy * dy + dz * dz;
    let w = dd > 0 ? ((px - T[i]) * dx + (py - T[i + 1]) * dy + (pz - T[i + 2]) * dz) / dd : 0;
    w = w < 0 ? 0 : w > 1 ? 1 : w;
    const d = (px - T[i] - w * dx) ** 2 + (py - T[i + 1] - w * dy) ** 2 + (pz - T[i + 2] - w * dz) ** 2;
    if (d < best) best = d;
  }
  // The normal that keeps its direction on needles and caps (see vertexFace), from its vertex o.
  facetNormal(T, f, f + 3, f + 6, normal);
  const o = normal[3];
  const rx = normal[0],
    ry = normal[1],
    rz = normal[2];
  const m = Math.max(Math.abs(rx), Math.abs(ry), Math.abs(rz));
  const nx = rx / m,
    ny = ry / m,
    nz = rz / m;
  const nn = nx * nx + ny * ny + nz * nz;
  if (m > 0 && m < Number.POSITIVE_INFINITY) {
    const h = nx * (px - T[o]) + ny * (py - T[o + 1]) + nz * (pz - T[o + 2]);
    const qx = px - (h / nn) * nx,
      qy = py - (h / nn) * ny,
      qz = pz - (h / nn) * nz;
    // inside when the projection sees every edge turning the way of the normal
    let inside = true;
    for (let e = 0; e < 6 && inside; e += 2) {
      const i = f + EDGE[e],
        j = f + EDGE[e + 1];
      const ex = T[j] - T[i],
        ey = T[j + 1] - T[i + 1],
        ez = T[j + 2] - T[i + 2];
      const rx = qx - T[i],
        ry = qy - T[i + 1],
        rz = qz - T[i + 2];
      if (nx * (ey * rz - ez * ry) + ny * (ez * rx - ex * rz) + nz * (ex * ry - ey * rx) < 0) inside = false;
    }
    if (inside) {
      const d = (h * h) / nn;
      if (d < best) best = d;
    }
  }
  return best;
}

/**
 * Smallest squared distance over the 9 edge pairs and 6 vertex–face pairs, into `work.io[1]`; points into `out`. An
 * edge pair whose closest points X, Y have every vertex of each triangle on its own side of the
 * planes through X and Y normal to Y − X is the answer at once (as PQP's TriDist): those planes
 * separate the triangles, so nothing is closer.
 */
function featureDistance(T: Float64Array, a: number, b: number, out: Float64Array, work: TriangleWork): void {
  const seg = work.seg;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i += 2) {
    const p = a + EDGE[i];
    const q = a + EDGE[i + 1];
    for (let j = 0; j < 6; j += 2) {
      const r = b + EDGE[j];
      const s = b + EDGE[j + 1];
      segmentClosest3(T, p, q, r, s, seg);
      const d = seg[6];
      if (d > 0 && separates(T, a, b, d, seg)) {
        for (let k = 0; k < 6; k++) out[k] = seg[k];
        work.io[1] = d;
        return;
      }
      if (d < best) {
        best = d;
        for (let k = 0; k < 6; k++) out[k] = seg[k];
      }
    }
  }
  best = vertexFace(T, b, a, best, out, false, work.normal);
  best = vertexFace(T, a, b, best, out, true, work.normal);
  work.io[1] = best;
}

/**
 * Whether the planes through the closest points X = `seg[0..2]` (on the triangle at `a`) and Y =
 * `seg[3..5]` (on the one at `b`), normal to Y − X (squared length `d`), separate the triangles: every
 * vertex of the first at or behind X's plane, every vertex of the second at or beyond Y's. A vertex
 * may stray by 1e-13 of its distance times |Y − X| (the rounding of the dot product; interior closest
 * points put the edge's own ends on the plane): then the gap is |Y − X| to that relative accuracy.
 */
function separates(T: Float64Array, a: number, b: number, d: number, seg: Float64Array): boolean {
  const vx = seg[3] - seg[0],
    vy = seg[4] - seg[1],
    vz = seg[5] - seg[2];
  for (let k = 0; k < 9; k += 3) {
    const zx = T[a + k] - seg[0],
      zy = T[a + k + 1] - seg[1],
      zz = T[a + k + 2] - seg[2];
    const side = zx * vx + zy * vy + zz * vz;
    if (side > 0 && side * side > 1e-26 * (zx * zx + zy * zy + zz * zz) * d) return false;
    const wx = T[b + k] - seg[3],
      wy = T[b + k + 1] - seg[4],
      wz = T[b + k + 2] - seg[5];
    const other = wx * vx + wy * vy + wz * vz;
    if (other < 0 && other * other > 1e-26 * (wx * wx + wy * wy + wz * wz) * d) return false;
  }
  return true;
}

/**
 * Vertices of the triangle at `v` against the interior of the face at `f`: where a vertex projects
 * inside the face, its distance to the plane; the edge pairs already cover the other cases. The
 * face's point goes to `out[0..2]` and the vertex to `out[3..5]` when `faceFirst`, the other way round
 * otherwise; `normal` is scratch.
 */
function vertexFace(
  T: Float64Array,
  f: number,
  v: number,
  best: number,
  out: Float64Array,
  faceFirst: boolean,
  normal: Float64Array,
): number {
  const onFace = faceFirst ? 0 : 3;
  const onVertex = faceFirst ? 3 : 0;
  // A normal that keeps its direction on needles and caps (a tilt of ε / sin θ would move the
  // distances by as much times the reach); the vertices cycled (the orientation kept) from the one
  // it was taken at.
  facetNormal(T, f, f + 3, f + 6, normal);
  const fa = normal[3];
  const fb = fa === f ? f + 3 : fa === f + 3 ? f + 6 : f;
  const fc = fa === f ? f + 6 : fa === f + 3 ? f : f + 3;
  const ax = T[fa],
    ay = T[fa + 1],
    az = T[fa + 2];
  const e1x = T[fb] - ax,
    e1y = T[fb + 1] - ay,
    e1z = T[fb + 2] - az;
  const e2x = T[fc] - ax,
    e2y = T[fc + 1] - ay,
    e2z = T[fc + 2] - az;
  // The normal, scaled by its largest component so that its square neither underflows nor
  // overflows (tiny facets, slivers); only its direction matters here.
  const rx = normal[0];
  const ry = normal[1];
  const rz = normal[2];
  const m = Math.max(Math.abs(rx), Math.abs(ry), Math.abs(rz));
  if (!(m > 0) || m === Number.POSITIVE_INFINITY) return best;
  const nx = rx / m;
  const ny = ry / m;
  const nz = rz / m;
  const nn = nx * nx + ny * ny + nz * nz;
  const bx = T[fb],
    by = T[fb + 1],
    bz = T[fb + 2];
  const cx = T[fc],
    cy = T[fc + 1],
    cz = T[fc + 2];
  for (let k = 0; k < 9; k += 3) {
    const px = T[v + k],
      py = T[v + k + 1],
      pz = T[v + k + 2];
    // inside when p sees every edge turning the way of the normal
    const apx = px - ax,
      apy = py - ay,
      apz = pz - az;
    if (nx * (e1y * apz - e1z * apy) + ny * (e1z * apx - e1x * apz) + nz * (e1x * apy - e1y * apx) < 0)
      continue;
    const bpx = px - bx,
      bpy = py - by,
      bpz = pz - bz;
    const fx = cx - bx,
      fy = cy - by,
      fz = cz - bz;
    if (nx * (fy * bpz - fz * bpy) + ny * (fz * bpx - fx * bpz) + nz * (fx * bpy - fy * bpx) < 0) continue;
    const cpx = px - cx,
      cpy = py - cy,
      cpz = pz - cz;
    if (nx * (-e2y * cpz + e2z * cpy) + ny * (-e2z * cpx + e2x * cpz) + nz * (-e2x * cpy + e2y * cpx) < 0)
      continue;
    const h = (apx * nx + apy * ny + apz * nz) / nn;
    const d = h * h * nn;
    if (d < best) {
      best = d;
      out[onVertex] = px;
      out[onVertex + 1] = py;
      out[onVertex + 2] = pz;
      out[onFace] = px - h * nx;
      out[onFace + 1] = py - h * ny;
      out[onFace + 2] = pz - h * nz;
    }
  }
  return best;
}
