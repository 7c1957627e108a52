// The gap over the step, sampled for the plot: the exact mesh distance at evenly spaced instants,
// the bodies placed by the same motion the advancement uses.
import type { Motion3 } from '@firsttouch/ccd';
import { type Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, RigidMotion } from '@firsttouch/pose';
import type { Iterate } from './ccd-run.js';

/** The gap at `count + 1` instants `s = i / count`, ends included. */
export function sampleGap(a: Surface, b: Surface, motion: Motion3, count = 200): Iterate[] {
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
    const r = surfaceDistance(a, b, hint ? { poseA, poseB, hint } : { poseA, poseB });
    hint = [r.facetA, r.facetB];
    out.push({ s, gap: r.distance });
  }
  return out;
}

/** The gap at one instant (the slider's). */
export function gapAt(a: Surface, b: Surface, motion: Motion3, s: number): number {
  const poseA = new RigidMotion(motion.a[0], motion.a[1]).poseAt(s);
  const poseB = new RigidMotion(motion.b[0], motion.b[1]).poseAt(s);
  return surfaceDistance(a, b, { poseA, poseB }).distance;
}
