import { box, icosphere } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';

/** mulberry32: a seeded PRNG so that failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pebble = box(0.04, 2);
export const ball = icosphere(0.05, 1);
export const slab = box([0.2, 0.01, 0.2]);

/** A random pose in a cube of `side`. */
export function randomPose(r: () => number, side: number): Pose3 {
  return poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [r() * side, r() * side, r() * side]);
}

/** A target near `p`: moved up to `reach`, turned up to `turn` (about a random axis). */
export function nearby(r: () => number, p: Pose3, reach: number, turn: number): Pose3 {
  const q = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], turn * r());
  const R = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      R[3 * i + j] = q.R[3 * i] * p.R[j] + q.R[3 * i + 1] * p.R[3 + j] + q.R[3 * i + 2] * p.R[6 + j];
  const t = Float64Array.from(p.t, (x) => x + reach * (2 * r() - 1));
  return { R, t };
}
