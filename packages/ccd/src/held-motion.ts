import type { Pose3, Pose3Like, RigidMotion } from '@firsttouch/pose';

/**
 * The motion already goes from `p0` to `p1`: they are poses `reset` accepts without a second look
 * (arrays of 9 and 3 numbers) holding the numbers it last took, bit for bit, and that reset went
 * through (a translation that overflowed leaves the motion unusable).
 */
export function holds(m: RigidMotion, p0: Pose3Like, p1: Pose3Like): boolean {
  return Number.isFinite(m.translationLength) && samePose(m.p0, p0) && samePose(m.p1, p1);
}

function samePose(kept: Pose3, p: unknown): boolean {
  if (typeof p !== 'object' || p === null) return false;
  const R = (p as Pose3Like).R;
  const t = (p as Pose3Like).t;
  if (!(R instanceof Float64Array || Array.isArray(R)) || R.length !== 9) return false;
  if (!(t instanceof Float64Array || Array.isArray(t)) || t.length !== 3) return false;
  for (let i = 0; i < 9; i++) if (!Object.is(R[i], kept.R[i])) return false;
  for (let i = 0; i < 3; i++) if (!Object.is(t[i], kept.t[i])) return false;
  return true;
}
