import { relativeTransform, type Surface, SurfacePair } from '@firsttouch/mesh';
import { identityPose, type Pose3, RigidMotion } from '@firsttouch/pose';
import { certifiedFirstTouch, type TouchOptions, type TouchTruth } from './first-touch.js';

/**
 * The 3-D ground truth: A at rest at `poseA`, B moving from q0 to q1 along firsttouch's motion
 * model (turn about a fixed axis through B's origin, origin on a straight line). firsttouch's exact
 * surface distance (contact decided by orient3d; a `SurfacePair` kept for the query, which equals
 * `surfaceDistance` bit for bit) sampled at `samples` instants, certified between them with the
 * speed bound μ of B's vertices and bisected to the first contact, as the 2-D oracle. Gaps that
 * settle an interval on their own are asked with a `maxDistance` (a certified lower bound is enough
 * there), which keeps distant samples cheap; gaps below it are exact.
 */
export function firstTouch3(
  a: Surface,
  b: Surface,
  q0: Pose3,
  q1: Pose3,
  options: TouchOptions & { poseA?: Pose3 } = {},
): TouchTruth & { mu: number } {
  const motion = new RigidMotion(q0, q1);
  const mu = motion.bound(b.vertices());
  const poseA = options.poseA ?? identityPose();
  const pose = identityPose();
  const pair = new SurfacePair(a, b);
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  const truth = certifiedFirstTouch(
    (s, enough) => {
      relativeTransform(poseA, motion.poseAt(s, pose), R, t);
      return pair.evaluate(R, t, enough);
    },
    mu,
    options,
  );
  return { ...truth, mu };
}
