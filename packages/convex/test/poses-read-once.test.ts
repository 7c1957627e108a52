import { FirstTouchError, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { cuboid, shapeDistance } from '../src/index.js';

// Regression (fixed; an adversarial probe): a pose checked by assertPose3 was placed from a second
// read, so entries answering the identity to the check and 2I or NaN after gave a distance of 1.5
// for 1, or NaN. It now places what it checked, or refuses the pose.
describe('shapeDistance reads each pose once', () => {
  it('R entries that change after a few reads: INVALID_POSE or the distance of the plain pose', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const plain = shapeDistance(cuboid(0.5, 0.5, 0.5), cuboid(0.5, 0.5, 0.5), {
      poseB: poseFromAxisAngle([0, 0, 1], 0, [2, 0, 0]),
    }).distance;
    expect(plain).toBeCloseTo(1, 12);
    for (const bad of [
      [2, 0, 0, 0, 2, 0, 0, 0, 2],
      [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1],
    ]) {
      for (let good = 0; good < 8; good++) {
        const R: number[] = [];
        I.forEach((g, i) => {
          let n = 0;
          Object.defineProperty(R, i, { get: () => (n++ < good ? g : bad[i]), enumerable: true });
        });
        try {
          const d = shapeDistance(cuboid(0.5, 0.5, 0.5), cuboid(0.5, 0.5, 0.5), {
            poseB: { R, t: [2, 0, 0] },
          });
          expect(d.distance).toBe(plain);
        } catch (e) {
          expect(e).toBeInstanceOf(FirstTouchError);
          expect((e as FirstTouchError).code).toBe('INVALID_POSE');
        }
      }
    }
  });
});
