// The oracle's view of shapes as bodies: polytopes as triangle soups in world coordinates (all facet
// pairs compared), and the distances of the primitives in closed form.

import type { Pose3 } from '@firsttouch/pose';
import type { Shape } from '../../src/index.js';
import { place, unplace } from '../helpers.js';
import {
  pointBox,
  pointCone,
  pointCylinder,
  pointSegment,
  segmentSegment,
  triangleTriangle,
  type V3,
} from './geometry.js';

/** The 12 triangles of a box of half extents h, 9 numbers each (body frame). */
export function boxTriangles(hx: number, hy: number, hz: number): Float64Array {
  const c = (i: number) => [i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz];
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const out: number[] = [];
  for (const [a, b, d, e] of quads) out.push(...c(a), ...c(b), ...c(d), ...c(a), ...c(d), ...c(e));
  return Float64Array.from(out);
}

/** A hull shape's facets as triangles (body frame). */
export function hullTriangles(shape: Shape<3>): Float64Array {
  const P = shape.vertices();
  const F = shape.facets();
  const out = new Float64Array(3 * F.length);
  for (let k = 0; k < F.length; k++) out.set(P.subarray(3 * F[k], 3 * F[k] + 3), 3 * k);
  return out;
}

/** Triangles placed by a pose. */
export function placeTriangles(T: Float64Array, pose: Pose3): Float64Array {
  const out = new Float64Array(T.length);
  for (let i = 0; i < T.length; i += 3) out.set(place(pose, T.subarray(i, i + 3)), i);
  return out;
}

/** A point is inside or on the convex polytope of outward counter-clockwise triangles (to `eps`). */
export function insidePolytope(T: Float64Array, p: V3, eps: number): boolean {
  for (let i = 0; i < T.length; i += 9) {
    const ux = T[i + 3] - T[i],
      uy = T[i + 4] - T[i + 1],
      uz = T[i + 5] - T[i + 2];
    const vx = T[i + 6] - T[i],
      vy = T[i + 7] - T[i + 1],
      vz = T[i + 8] - T[i + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const n = Math.hypot(nx, ny, nz);
    if ((nx * (p[0] - T[i]) + ny * (p[1] - T[i + 1]) + nz * (p[2] - T[i + 2])) / n > eps) return false;
  }
  return true;
}

/**
 * The distance between two convex polytopes (outward triangles, world): 0 when a facet pair crosses
 * or one holds a vertex of the other, else the smallest facet-pair distance.
 */
export function polytopeDistance(A: Float64Array, B: Float64Array): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < A.length; i += 9)
    for (let j = 0; j < B.length; j += 9) best = Math.min(best, triangleTriangle(A, i, B, j));
  if (best === 0) return 0;
  if (insidePolytope(A, B.subarray(0, 3), 0) || insidePolytope(B, A.subarray(0, 3), 0)) return 0;
  return best;
}

/**
 * The distance from a world point to a primitive or polytope shape at a pose (margins included): the
 * closed forms of test/oracle/geometry.ts; for hulls, 0 inside and the nearest facet outside.
 */
export function pointShapeDistance(shape: Shape<3>, pose: Pose3, world: V3): number {
  const p = unplace(pose, world);
  const m = shape.margin;
  const base = shape.base ?? shape;
  const q = base.params;
  let core: number;
  switch (base.kind) {
    case 'ball':
      core = Math.hypot(p[0], p[1], p[2]);
      break;
    case 'cuboid':
      core = pointBox(p, [q.hx, q.hy, q.hz]);
      break;
    case 'capsule':
      core = pointSegment(p, [0, -q.halfHeight, 0], [0, q.halfHeight, 0]);
      break;
    case 'cylinder':
      core = pointCylinder(p, q.halfHeight, q.radius);
      break;
    case 'cone':
      core = pointCone(p, q.halfHeight, q.radius);
      break;
    default: {
      const T = hullTriangles(base as Shape<3>);
      if (insidePolytope(T, p, 0)) core = 0;
      else {
        core = Number.POSITIVE_INFINITY;
        for (let i = 0; i < T.length; i += 9) {
          const tri = T.subarray(i, i + 9);
          core = Math.min(core, triangleTriangle(tri, 0, Float64Array.of(...p, ...p, ...p), 0));
        }
      }
    }
  }
  return Math.max(0, core - m);
}

/** The core of a capsule at a pose: its segment's ends in world coordinates. */
export function capsuleSegment(shape: Shape<3>, pose: Pose3): [V3, V3] {
  const h = (shape.base ?? shape).params.halfHeight;
  return [place(pose, [0, -h, 0]), place(pose, [0, h, 0])];
}

export { segmentSegment };
