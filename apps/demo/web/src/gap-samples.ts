// The gap over the step, sampled for the plot: the exact distance at evenly spaced instants, the
// bodies placed by the same motion the advancement uses (mesh's surfaceDistance for two surfaces,
// its CompoundPair for a pair with an exact shape).
import type { Motion3 } from '@firsttouch/ccd';
import type { Shape } from '@firsttouch/convex';
import { CompoundPair, relativeTransform, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, type Pose3, RigidMotion } from '@firsttouch/pose';
import type { Iterate } from './ccd-run.js';

type AnyBody = Surface | Shape<3>;

/** The gap of two bodies at their poses (the witness gap of a pair with a shape; 0 when they meet). */
function gapOf(a: AnyBody, b: AnyBody, poseA: Pose3, poseB: Pose3, hint?: [number, number]) {
  if (Surface.isSurface(a) && Surface.isSurface(b)) {
    const r = surfaceDistance(a, b, hint ? { poseA, poseB, hint } : { poseA, poseB });
    return { gap: r.distance, hint: [r.facetA, r.facetB] as [number, number] };
  }
  const pair = new CompoundPair(a, b);
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  return { gap: pair.evaluate(R, t) === 0 ? 0 : pair.distance, hint: undefined };
}

/** The gap at `count + 1` instants `s = i / count`, ends included. */
export function sampleGap(a: AnyBody, b: AnyBody, motion: Motion3, count = 200): Iterate[] {
  const ma = new RigidMotion(motion.a[0], motion.a[1]);
  const mb = new RigidMotion(motion.b[0], motion.b[1]);
  const poseA = identityPose();
  const poseB = identityPose();
  const out: Iterate[] = [];
  let hint: [number, number] | undefined;
  for (let i = 0; i <= count; i++) {
    const s = i / count;
    ma.poseAt(s, poseA);
    mb.poseAt(s, poseB);
    // The last closest pair seeds the next query: neighbouring instants share it (speed only).
    const r = gapOf(a, b, poseA, poseB, hint);
    hint = r.hint;
    out.push({ s, gap: r.gap });
  }
  return out;
}

/** The gap at one instant (the slider's). */
export function gapAt(a: AnyBody, b: AnyBody, motion: Motion3, s: number): number {
  const poseA = new RigidMotion(motion.a[0], motion.a[1]).poseAt(s);
  const poseB = new RigidMotion(motion.b[0], motion.b[1]).poseAt(s);
  return gapOf(a, b, poseA, poseB).gap;
}
