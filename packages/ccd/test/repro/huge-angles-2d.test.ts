// Adversarial testing: 2-D poses with enormous angles.
//
// What went wrong: `pose2` accepts any finite angle, and B's turn in A's frame was taken as
// `angleB − angleA` of the raw angles. With A turned to 1e17 rad (an ulp of 16) the other angle is
// lost in the subtraction, so the gap was measured with B wrongly turned: a segment approaching a
// segment turned to 1e17 was answered Contact at s = 0.2106 when the first contact is at s = 0.05,
// or InitialContact while the bodies were apart. The overshoot was 2e-8 at 1e10, 1.7e-6 (more than
// the tolerance) at 1e12. The fix reduces each angle to its rotation before any two are combined.
//
// What we check: the closed form below at angles 1e6 … 1e300, and random curves whose first body
// stands turned to an enormous angle, through the oracle of `scenarios.ts` (which places every
// vertex with the raw angle's own sine and cosine: those reduce their argument exactly).

import { Curve } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type Motion2, timeOfImpact2 } from '../../src/index.js';
import {
  buildCurve,
  checkQuery2,
  curveArb,
  real,
  seedFor,
  stepArb2,
  stepPoses2,
  Tally,
} from '../scenarios.js';

/**
 * A long segment turned to `big` at the origin, and a unit segment tilted 0.3 from it, its centre
 * 0.2 above the long one's line and moving down through it: the lower end touches at
 * s = (0.2 − 0.5 sin 0.3) / 1.
 */
function tiltedApproach(big: number): { motion: Motion2; first: number; a: Curve; b: Curve } {
  const c = Math.cos(big);
  const s = Math.sin(big);
  const along = Math.atan2(s, c); // the same rotation as `big`, as a moderate angle
  const nx = -s;
  const ny = c;
  const a = Curve.fromPolyline([-5, 5], [0, 0]);
  const b = Curve.fromPolyline([-0.5, 0.5], [0, 0]);
  const qa = pose2(big, [0, 0]);
  const motion: Motion2 = {
    a: [qa, qa],
    b: [pose2(along + 0.3, [0.2 * nx, 0.2 * ny]), pose2(along + 0.3, [-0.8 * nx, -0.8 * ny])],
  };
  return { motion, first: 0.2 - 0.5 * Math.sin(0.3), a, b };
}

describe('2-D poses with enormous angles', () => {
  it.each([1e6, 1e10, 1e12, 1e17, -1e17, 3e200, -Number.MAX_VALUE])(
    'a segment turned to %s: the contact at its first instant, in every mode',
    (big) => {
      const { motion, first, a, b } = tiltedApproach(big);
      for (const directional of [false, 'auto', true] as const) {
        const r = timeOfImpact2(a, b, motion, { directional });
        expect(r.status, `${big} ${directional}`).toBe(CcdStatus.Contact);
        expect(r.toi, `${big} ${directional}: late`).toBeLessThanOrEqual(first);
        // within the tolerance of it (the speed is 1: a gap of tol is tol of s)
        expect(first - r.toi, `${big} ${directional}: early`).toBeLessThanOrEqual(r.tolerance);
      }
    },
  );

  it('random curves, the first standing turned to an enormous angle: the guarantee against the oracle', {
    timeout: 120_000,
  }, () => {
    const tally = new Tally();
    const huge = fc.oneof(real(1e4, 1e8), real(1e8, 1e20), real(1e20, 1e300));
    fc.assert(
      fc.property(
        curveArb,
        curveArb,
        huge,
        fc.constantFrom(1, -1),
        stepArb2(0, 4, false),
        real(0, 1),
        (specA, specB, big, sign, stepB, meet) => {
          const a = buildCurve(specA);
          const b = buildCurve(specB);
          const qa = pose2(sign * big, [0, 0]);
          const [b0, b1] = stepPoses2({ ...stepB, at: meet, through: [0, 0] });
          checkQuery2(a, b, { a: [qa, qa], b: [b0, b1] }, undefined, tally);
        },
      ),
      { numRuns: 60, seed: seedFor(3101), endOnFailure: true },
    );
    expect(tally.get('false:contact')).toBeGreaterThan(5);
  });
});
