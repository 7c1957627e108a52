import { cuboid2 } from '@firsttouch/convex';
import { FirstTouchError, pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { timeOfImpact2 } from '../src/index.js';

// Regression (fixed; an adversarial probe): the polygon path checked each 2-D pose and read it again,
// so an angle getter that answered 0 to the check and NaN after made a turn of NaN, and the query
// answered a contact where the squares were 0.8 apart. It now answers as for the first value, or
// refuses the pose.
describe('timeOfImpact2 reads each pose once', () => {
  it('an angle getter answering 0, then NaN or 1: INVALID_POSE or the answer of a plain pose, never another', () => {
    const A = cuboid2(1, 1);
    const B = cuboid2(1, 1);
    const plain = timeOfImpact2(A, B, {
      a: [pose2(0), pose2(0)],
      b: [pose2(0, [3, 0]), pose2(0.5, [-3, 0])],
    });
    expect(plain.status).toBe('contact');
    for (const later of [Number.NaN, 1, Number.POSITIVE_INFINITY]) {
      for (const end of [0, 1]) {
        let reads = 0;
        const first = end === 0 ? 0 : 0.5;
        const flaky = {
          get angle() {
            return reads++ === 0 ? first : later;
          },
          t: end === 0 ? [3, 0] : [-3, 0],
        };
        const b = end === 0 ? [flaky, pose2(0.5, [-3, 0])] : [pose2(0, [3, 0]), flaky];
        try {
          const r = timeOfImpact2(A, B, { a: [pose2(0), pose2(0)], b: b as never });
          if (Number.isNaN(later) || !Number.isFinite(later))
            throw new Error(`answered ${r.status} ${r.toi}`);
          // a finite second answer: the query took one value; its answer is that of a plain pose with it
          const taken = timeOfImpact2(A, B, {
            a: [pose2(0), pose2(0)],
            b:
              end === 0
                ? [pose2(later, [3, 0]), pose2(0.5, [-3, 0])]
                : [pose2(0, [3, 0]), pose2(later, [-3, 0])],
          });
          const same = timeOfImpact2(A, B, {
            a: [pose2(0), pose2(0)],
            b:
              end === 0
                ? [pose2(first, [3, 0]), pose2(0.5, [-3, 0])]
                : [pose2(0, [3, 0]), pose2(first, [-3, 0])],
          });
          expect([taken.toi, same.toi]).toContain(r.toi);
        } catch (e) {
          expect(e).toBeInstanceOf(FirstTouchError);
          expect((e as FirstTouchError).code).toBe('INVALID_POSE');
        }
      }
    }
  });
});
