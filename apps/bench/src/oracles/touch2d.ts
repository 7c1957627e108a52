import { type Curve, curveDistance } from '@firsttouch/mesh';
import { motionBound2, type Pose2, RigidMotion2 } from '@firsttouch/pose';
import { certifiedFirstTouch, type TouchOptions, type TouchTruth } from './first-touch.js';

export type { TouchOptions, TouchTruth } from './first-touch.js';

/**
 * Ground truth for "did A (at rest, pose `poseA`) and B (moving from q0 to q1) touch during the step",
 * written independently of any time-of-impact code: the exact curve distance sampled densely in s,
 * then bisected. It is also certified between samples: the gap is Lipschitz in s with constant μ (the
 * spec's speed bound of B's vertices), so an interval whose end gaps add up to more than μ·(length)
 * cannot hold a contact; any other interval is split in two, left half first, so the contact found
 * is the first one (see {@link certifiedFirstTouch}). Every gap is exact (no cut-off).
 */
export function firstTouch(
  a: Curve,
  poseA: Pose2,
  b: Curve,
  q0: Pose2,
  q1: Pose2,
  options: TouchOptions = {},
): TouchTruth {
  const motion = new RigidMotion2(q0, q1);
  const mu = motionBound2(q0, q1, b.vertices());
  const pose = { angle: 0, t: new Float64Array(2) };
  return certifiedFirstTouch(
    (s) => curveDistance(a, b, { poseA, poseB: motion.poseAt(s, pose) }).distance,
    mu,
    options,
  );
}
