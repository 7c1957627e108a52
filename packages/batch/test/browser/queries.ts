// The motions of the browser test, shared by the page and the test (Node computes the same ones).
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';

/** 40 throws of B past A from eight sides, turning: most touch, a few miss. */
export function motions(): Array<readonly [Pose3, Pose3]> {
  return Array.from({ length: 40 }, (_, i) => {
    const t = (2 * Math.PI * i) / 8;
    const off = 0.1 * (i % 5) - 0.2;
    return [
      poseFromAxisAngle([0, 0, 1], 0, [2 * Math.cos(t), 2 * Math.sin(t), off]),
      poseFromAxisAngle([1, 1, 0], 0.3 * i, [-2 * Math.cos(t), -2 * Math.sin(t), off]),
    ] as const;
  });
}
