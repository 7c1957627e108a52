import { cuboid } from '@firsttouch/convex';
import { type FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { box, compound, compound2, curveDistance, disc, surfaceDistance } from '../src/index.js';

// Regressions (fixed; an adversarial probe): compound() and surfaceDistance checked a pose with
// assertPose3 and then read it again, so a getter that answered the identity to the check and 2I
// after was kept (a compound of 2I that missed a contact; a distance of 1.5 for 2). Each pose is now
// read once, checked and copied.
const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const twice = [2, 0, 0, 0, 2, 0, 0, 0, 2];
/** A pose whose R answers the identity to its first read and `later` after. */
const flaky = (later: unknown, t = [0, 0, 0]) => {
  let reads = 0;
  return {
    get R() {
      return reads++ === 0 ? I : later;
    },
    t,
  };
};

describe('poses read once', () => {
  it('compound keeps the pose it checked', () => {
    for (const later of [twice, [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1], null]) {
      const c = compound([{ body: box(1), pose: flaky(later) as never }]);
      expect(Array.from(c.parts[0].pose.R)).toEqual(I);
      const b = c.bounds();
      expect([...b.min, ...b.max]).toEqual([-0.5, -0.5, -0.5, 0.5, 0.5, 0.5]);
    }
    const shape = compound([{ body: cuboid(0.5, 0.5, 0.5), pose: flaky(twice) as never }]);
    expect(Array.from(shape.parts[0].pose.R)).toEqual(I);
  });

  it('compound2 keeps the 2-D pose it checked', () => {
    let reads = 0;
    const q = {
      get angle() {
        return reads++ === 0 ? 0 : Number.NaN;
      },
      t: [1, 2],
    };
    const c = compound2([{ body: disc(1, 8), pose: q as never }]);
    expect(c.parts[0].pose.angle).toBe(0);
    expect(Array.from(c.parts[0].pose.t)).toEqual([1, 2]);
  });

  it('surfaceDistance and curveDistance measure with the poses they checked', () => {
    const plain = surfaceDistance(box(1), box(1), {
      poseB: poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]),
    }).distance;
    expect(plain).toBeCloseTo(2, 12);
    for (const later of [twice, [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1], null]) {
      expect(surfaceDistance(box(1), box(1), { poseB: flaky(later, [3, 0, 0]) as never }).distance).toBe(
        plain,
      );
      expect(
        surfaceDistance(box(1), box(1), {
          poseA: flaky(later) as never,
          poseB: poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]),
        }).distance,
      ).toBe(plain);
    }
    const plain2 = curveDistance(disc(1, 8), disc(1, 8), { poseB: pose2(0, [3, 0]) }).distance;
    let reads = 0;
    const q = {
      get angle() {
        return reads++ === 0 ? 0 : Number.NaN;
      },
      t: [3, 0],
    };
    expect(curveDistance(disc(1, 8), disc(1, 8), { poseB: q as never }).distance).toBe(plain2);
    // a pose that is no pose is still refused
    try {
      surfaceDistance(box(1), box(1), { poseA: { R: twice, t: [0, 0, 0] } as never, poseB: identityPose() });
      throw new Error('accepted');
    } catch (e) {
      expect((e as FirstTouchError).code).toBe('INVALID_POSE');
    }
  });
});
