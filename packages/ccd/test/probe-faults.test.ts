// A fault an adversarial probe found (the test fails on the code before its fix): the affine entry
// point read an end map's entries up to three times (a quick copy, the check, a copy after it), so
// a getter answering NaN, then 3, then NaN left a translation of NaN in the query, answered as an
// initial contact at a distance of NaN.

import { ball, cuboid } from '@firsttouch/convex';
import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { timeOfImpactAffine } from '../src/index.js';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** A translation whose x answers `answers[k]` at its k-th read (the last one after). */
function shifty(answers: number[]): { t: number[]; reads: () => number } {
  let k = 0;
  const t = [0, 0, 0];
  Object.defineProperty(t, 0, { get: () => answers[Math.min(k++, answers.length - 1)] });
  return { t, reads: () => k };
}

describe('faults found by an adversarial probe', () => {
  it("uses the affine end map's entries as they were checked", () => {
    const still = { L: I, t: [0, 0, 0] };
    const good = shifty([Number.NaN, 3, Number.NaN]);
    const r = timeOfImpactAffine(cuboid(1, 1, 1), ball(0.5), {
      a: [still, still],
      b: [
        { L: I, t: good.t },
        { L: I, t: [-3, 0, 0] },
      ],
    });
    // checked as 3, used as 3: the ball comes from x = 3 and meets the cube's face at x = 1.5
    expect(r.status).toBe('contact');
    expect(Number.isFinite(r.distance)).toBe(true);
    expect(r.toi).toBeCloseTo(0.25, 5);
    const bad = shifty([Number.NaN, Number.NaN, 3]);
    let code = '';
    try {
      timeOfImpactAffine(cuboid(1, 1, 1), ball(0.5), {
        a: [still, still],
        b: [
          { L: I, t: bad.t },
          { L: I, t: [-3, 0, 0] },
        ],
      });
    } catch (e) {
      code = e instanceof FirstTouchError ? e.code : 'raw';
    }
    expect(code).toBe('INVALID_POSE');
    expect(bad.reads()).toBe(2);
  });
});
