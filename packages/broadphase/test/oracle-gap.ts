// The gap between two bodies of a mixed scene at a parameter s of the step, written for the tests:
// every pair of parts by convex's GJK (the scenes' surfaces and curves are convex: boxes, discs,
// rectangles, measured as their vertices' hulls), at poses interpolated as the time of impact
// interpolates them.

import { convexPolygon, pointSet, type Shape, shapeDistance, shapeDistance2 } from '@firsttouch/convex';
import { Compound, Compound2, Curve, Surface } from '@firsttouch/mesh';
import {
  composePose,
  composePose2,
  interpolatePose,
  interpolatePose2,
  type Pose2Like,
  type Pose3,
  type Pose3Like,
} from '@firsttouch/pose';

type Body3 = Surface | Shape<3> | Compound;

/** A body as convex parts at world poses: a compound's parts placed by its pose. */
export function partsAt(body: Body3, pose: Pose3Like): { body: Shape<3>; pose: Pose3Like }[] {
  const asShape = (b: Surface | Shape<3>) => (Surface.isSurface(b) ? pointSet(b.vertices()) : b);
  if (!Compound.isCompound(body)) return [{ body: asShape(body), pose }];
  return body.parts.map((p) => ({
    body: asShape(p.body as Surface | Shape<3>),
    pose: composePose(pose as Pose3, p.pose),
  }));
}

/** The gap between bodies a and b at s, each moving from its pose 0 to its pose 1. */
export function gapAt3(
  a: Body3,
  b: Body3,
  motionA: readonly [Pose3Like, Pose3Like],
  motionB: readonly [Pose3Like, Pose3Like],
  s: number,
): number {
  let gap = Number.POSITIVE_INFINITY;
  for (const x of partsAt(a, interpolatePose(motionA[0], motionA[1], s)))
    for (const y of partsAt(b, interpolatePose(motionB[0], motionB[1], s)))
      gap = Math.min(gap, shapeDistance(x.body, y.body, { poseA: x.pose, poseB: y.pose }).distance);
  return gap;
}

/** The 2-D twin: curves as the hulls of their points, a compound2's parts placed by its pose. */
export function gapAt2(
  a: Curve | Shape<2> | Compound2,
  b: Curve | Shape<2> | Compound2,
  motionA: readonly [Pose2Like, Pose2Like],
  motionB: readonly [Pose2Like, Pose2Like],
  s: number,
): number {
  const asShape = (c: Curve | Shape<2>) => (Curve.isCurve(c) ? convexPolygon(c.positions) : c);
  const parts = (c: Curve | Shape<2> | Compound2, pose: Pose2Like) =>
    Compound2.isCompound2(c)
      ? c.parts.map((p) => ({ body: asShape(p.body), pose: composePose2(pose, p.pose) }))
      : [{ body: asShape(c), pose }];
  let gap = Number.POSITIVE_INFINITY;
  for (const x of parts(a, interpolatePose2(motionA[0], motionA[1], s)))
    for (const y of parts(b, interpolatePose2(motionB[0], motionB[1], s)))
      gap = Math.min(gap, shapeDistance2(x.body, y.body, { poseA: x.pose, poseB: y.pose }).distance);
  return gap;
}
