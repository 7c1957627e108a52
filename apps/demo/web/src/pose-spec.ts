// What the pose form edits: a pose as a person writes it (axis, angle in degrees, translation), and
// the step of the two bodies as four such poses. Kept free of the DOM so that a test can use it.
import type { Motion3 } from '@firsttouch/ccd';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';

export type Vec3 = [number, number, number];

/** One pose: turn by `angleDeg` about `axis` (through the body origin), then translate by `t`. */
export interface PoseSpec {
  axis: Vec3;
  angleDeg: number;
  t: Vec3;
}

/** The step: each body from its pose at s = 0 to its pose at s = 1. */
export interface MotionSpec {
  a: [PoseSpec, PoseSpec];
  b: [PoseSpec, PoseSpec];
}

/**
 * The pose of a spec. Degrees become radians as `(deg / 180) π`: 90° then gives `π / 2` exactly, the
 * number a caller of the library writes, so the page and a script agree to the last bit.
 */
export function poseOfSpec(spec: PoseSpec): Pose3 {
  return poseFromAxisAngle(spec.axis, (spec.angleDeg / 180) * Math.PI, spec.t);
}

/**
 * The library's motion of a step spec. The library's error for a bad pose (a zero axis) does not
 * know which of the four it was: the message is prefixed with it, the original kept as the cause.
 */
export function motionOfSpec(spec: MotionSpec): Motion3 {
  const named = (pose: PoseSpec, name: string): Pose3 => {
    try {
      return poseOfSpec(pose);
    } catch (error) {
      throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  return {
    a: [named(spec.a[0], 'A, s = 0'), named(spec.a[1], 'A, s = 1')],
    b: [named(spec.b[0], 'B, s = 0'), named(spec.b[1], 'B, s = 1')],
  };
}
