import { assertPose3, ORTHONORMAL_TOLERANCE, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainPose3 } from '../src/step-bodies3.js';

/** assertPose3's verdict, as a boolean. */
function accepted(p: unknown): boolean {
  try {
    assertPose3(p, 'p');
    return true;
  } catch {
    return false;
  }
}

describe('plainPose3', () => {
  it("gives assertPose3's verdict on rotations nudged about the tolerance, reflections and non-finite entries", () => {
    const special = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.double({ min: -7, max: 7, noNaN: true }),
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.nat(11),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.nat(12),
        fc.nat(2),
        (axis, angle, t, at, nudge, bad, which) => {
          if (Math.hypot(axis[0], axis[1], axis[2]) < 1e-3) return;
          const p = poseFromAxisAngle(axis, angle, t);
          const R = Float64Array.from(p.R);
          const u = Float64Array.from(p.t);
          // an entry moved by a few tolerances either way
          if (at < 9) R[at] += nudge * ORTHONORMAL_TOLERANCE;
          else if (at === 9) for (let k = 0; k < 3; k++) R[3 * k] = -R[3 * k];
          if (bad < 9) R[bad] = bad % 3 === 0 ? special[which] : R[bad];
          else if (bad < 12) u[bad - 9] = special[which];
          const pose = { R, t: u };
          const plain = plainPose3(pose);
          // true only where assertPose3 accepts; on these poses, exactly its verdict
          expect(plain).toBe(accepted(pose));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
