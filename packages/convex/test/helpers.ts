// Test helpers: a seeded generator, random poses, and the world placement of shapes' points.

import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';

/** A seeded generator (splitmix32) so that a failure reproduces: numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return ((z ^ (z >>> 15)) >>> 0) / 4294967296;
  };
}

/** A uniform unit vector. */
export function unit3(next: () => number): [number, number, number] {
  const z = 2 * next() - 1;
  const a = 2 * Math.PI * next();
  const r = Math.sqrt(1 - z * z);
  return [r * Math.cos(a), r * Math.sin(a), z];
}

/** A random pose: uniform axis, angle in [0, 2π), translation in a cube of half side `spread`. */
export function randomPose(next: () => number, spread: number): Pose3 {
  return poseFromAxisAngle(unit3(next), 2 * Math.PI * next(), [
    spread * (2 * next() - 1),
    spread * (2 * next() - 1),
    spread * (2 * next() - 1),
  ]);
}

/** fast-check: a pose with a uniform-ish axis, any angle, a translation within `spread`. */
export function arbPose(spread: number): fc.Arbitrary<Pose3> {
  const coord = fc.double({ min: -spread, max: spread, noNaN: true });
  return fc
    .tuple(
      fc.tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      ),
      fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      fc.tuple(coord, coord, coord),
    )
    .map(([axis, angle, t]) => {
      const n = Math.hypot(...axis);
      return poseFromAxisAngle(n > 1e-3 ? axis : [0, 0, 1], angle, t);
    });
}

/** `R p + t` for the pose, as a plain array. */
export function place(pose: Pose3, p: ArrayLike<number>): [number, number, number] {
  const R = pose.R;
  const t = pose.t;
  return [
    R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + t[0],
    R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + t[1],
    R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + t[2],
  ];
}

/** `Rᵀ (p − t)`: a world point in the pose's frame. */
export function unplace(pose: Pose3, p: ArrayLike<number>): [number, number, number] {
  const R = pose.R;
  const x = p[0] - pose.t[0],
    y = p[1] - pose.t[1],
    z = p[2] - pose.t[2];
  return [R[0] * x + R[3] * y + R[6] * z, R[1] * x + R[4] * y + R[7] * z, R[2] * x + R[5] * y + R[8] * z];
}

/** `count` points uniform in the ball of `radius`, x y z each. */
export function cloud(next: () => number, count: number, radius = 1): Float64Array {
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const u = unit3(next);
    const r = radius * Math.cbrt(next());
    out[3 * i] = r * u[0];
    out[3 * i + 1] = r * u[1];
    out[3 * i + 2] = r * u[2];
  }
  return out;
}

/** `count` points on the sphere of `radius` (every one a vertex of their hull). */
export function sphere(next: () => number, count: number, radius = 1): Float64Array {
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const u = unit3(next);
    out[3 * i] = radius * u[0];
    out[3 * i + 1] = radius * u[1];
    out[3 * i + 2] = radius * u[2];
  }
  return out;
}

/** x · 2¹¹⁰⁰, an integer for every double below 2⁴⁶: the exact oracle's coordinates. */
export function exactly(x: number): bigint {
  if (x === 0) return 0n;
  let m = Math.abs(x);
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e++;
  }
  const b = BigInt(m) << BigInt(1100 - e);
  return x < 0 ? -b : b;
}
