import { type Surface, surfaceDistance } from '@firsttouch/mesh';
import { type Pose3, poseFromQuaternion } from '@firsttouch/pose';
import type { Rng } from './harness/prng.js';

/** A pose of body B (A stays at the identity) with the gap it was drawn for and the gap it has. */
export interface GapPose {
  pose: Pose3;
  /** The gap aimed at; −1 for a pose drawn to overlap. */
  target: number;
  /** The exact gap at the pose (firsttouch), 0 when the surfaces cross. */
  gap: number;
  intersecting: boolean;
}

/** How poses are drawn: the gap range and how many overlap. */
export interface GapPoseOptions {
  count: number;
  maxGap?: number;
  /** Every `overlapEvery`-th pose is pushed into A instead of kept at a gap. */
  overlapEvery?: number;
}

/**
 * Poses of B around A at chosen gaps. For each pose: a uniform random rotation of B and a uniform
 * random direction u; B's origin starts on the ray along u beyond both bounding spheres and walks in
 * toward A's origin by `r ← r − (gap(r) − target)`, which never overshoots (the gap changes at most
 * as fast as r), until the gap is within 1e-9 of the target (or 300 steps: grazing rays stop short
 * and keep the gap they reached, which the pose records). Targets are uniform in [0, maxGap]; every
 * `overlapEvery`-th pose instead goes to contact and then a further 10–50 % of B's box diagonal in,
 * so the surfaces cross.
 */
export function drawGapPoses(a: Surface, b: Surface, rng: Rng, options: GapPoseOptions): GapPose[] {
  const maxGap = options.maxGap ?? 0.5;
  const overlapEvery = options.overlapEvery ?? 10;
  const reach = sphereReach(a) + sphereReach(b);
  const sizeB = b.bounds().diagonal;
  const poses: GapPose[] = [];
  for (let i = 0; i < options.count; i++) {
    const q = rng.quaternion();
    const u = rng.unitVector3();
    const overlap = (i + 1) % overlapEvery === 0;
    const target = overlap ? 0 : rng.uniform(0, maxGap);
    const depth = overlap ? rng.uniform(0.1, 0.5) * sizeB : 0;
    const at = (r: number) => poseFromQuaternion(q, [r * u[0], r * u[1], r * u[2]]);
    let r = reach + target + 0.1;
    for (let k = 0; k < 300 && r > 0; k++) {
      const excess = surfaceDistance(a, b, { poseB: at(r) }).distance - target;
      if (excess <= 1e-9) break;
      r -= excess;
    }
    const pose = at(Math.max(0, r - depth));
    const result = surfaceDistance(a, b, { poseB: pose });
    poses.push({
      pose,
      target: overlap ? -1 : target,
      gap: result.distance,
      intersecting: result.intersecting,
    });
  }
  return poses;
}

/** Radius of the smallest origin-centred sphere holding the surface. */
function sphereReach(s: Surface): number {
  const p = s.positions;
  let r2 = 0;
  for (let i = 0; i < p.length; i += 3)
    r2 = Math.max(r2, p[i] * p[i] + p[i + 1] * p[i + 1] + p[i + 2] * p[i + 2]);
  return Math.sqrt(r2);
}
