// Random affine maps for the tests: a rotation, a scale of 0.5–2 per axis and a shear, L = Q S H
// (det L = the product of the scales > 0), and convex bodies as hulls of random points.

import { convexHull, type Shape } from '@firsttouch/convex';
import type { Map3, Polytope } from './oracle.js';

/** Row-major product of two 3×3 matrices. */
export function mul3(A: number[], B: number[]): number[] {
  const C = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}

/** The rotation by `angle` about the unit `axis`. */
export function rotation(axis: number[], angle: number): number[] {
  const n = Math.hypot(axis[0], axis[1], axis[2]);
  const [x, y, z] = axis.map((a) => a / n);
  const c = Math.cos(angle),
    s = Math.sin(angle),
    C = 1 - c;
  return [
    c + x * x * C,
    x * y * C - z * s,
    x * z * C + y * s,
    y * x * C + z * s,
    c + y * y * C,
    y * z * C - x * s,
    z * x * C - y * s,
    z * y * C + x * s,
    c + z * z * C,
  ];
}

/** A random linear part: rotation, per-axis scale in [0.5, 2], shear entries in [−shear, shear]. */
export function randomLinear(next: () => number, shear = 0.3): number[] {
  const Q = rotation([2 * next() - 1, 2 * next() - 1, 2 * next() - 1 + 1e-9], 2 * Math.PI * next());
  const S = [0.5 + 1.5 * next(), 0, 0, 0, 0.5 + 1.5 * next(), 0, 0, 0, 0.5 + 1.5 * next()];
  const H = [1, shear * (2 * next() - 1), shear * (2 * next() - 1), 0, 1, shear * (2 * next() - 1), 0, 0, 1];
  return mul3(Q, mul3(S, H));
}

/** `count` points uniform in the unit ball. */
export function cloud(next: () => number, count: number): Float64Array {
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; ) {
    const x = 2 * next() - 1,
      y = 2 * next() - 1,
      z = 2 * next() - 1;
    if (x * x + y * y + z * z > 1) continue;
    out.set([x, y, z], 3 * i);
    i++;
  }
  return out;
}

/** A hull shape and its oracle polytope. */
export function hullBody(points: Float64Array): { shape: Shape<3>; poly: Polytope } {
  const shape = convexHull(points);
  return { shape, poly: { vertices: shape.vertices(), facets: shape.facets() } };
}

/**
 * A step of two bodies flying at each other: A from near the origin, B from `distance` away along a
 * random direction, B's end point past A's by `overshoot` (0: they meet head on), each with its own
 * random linear parts at both ends.
 */
export function flyingStep(
  next: () => number,
  distance: number,
  overshoot: number,
  shear = 0.3,
): { a: [Map3, Map3]; b: [Map3, Map3] } {
  const u = [2 * next() - 1, 2 * next() - 1, 2 * next() - 1];
  const n = Math.hypot(u[0], u[1], u[2]) || 1;
  const d = u.map((x) => x / n);
  const jitter = () => [0, 1, 2].map(() => 0.3 * (2 * next() - 1));
  const a0 = jitter();
  const a1 = jitter();
  const b0 = jitter().map((x, i) => x + distance * d[i]);
  const b1 = jitter().map((x, i) => x - overshoot * d[i]);
  return {
    a: [
      { L: randomLinear(next, shear), t: a0 },
      { L: randomLinear(next, shear), t: a1 },
    ],
    b: [
      { L: randomLinear(next, shear), t: b0 },
      { L: randomLinear(next, shear), t: b1 },
    ],
  };
}
