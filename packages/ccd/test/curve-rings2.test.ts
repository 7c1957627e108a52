// Two curves that are small convex rings take ccd's path for two small turning polygons (the CURVES
// kind's `direct` path): certified by the sweep oracle like every curve pair, the witness segments
// those at the witness points, a horizon honoured as the driver's loop honours it, `convex: false`
// and nested rings left to the curves' own path.

import { Curve, convexCurve, disc, rectangle } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion2, timeOfImpact2 } from '../src/index.js';
import { curvePolygonPath2 } from '../src/internal.js';
import { checkGuarantee, checkWitness, scan, sweep2 } from './oracle/sweep.js';
import { real, seedFor, stepArb2, stepPoses2 } from './scenarios.js';

/** A small convex ring: a polygon of 3–8 vertices on a circle, moved off its origin. */
const ringArb = fc
  .tuple(
    real(0.05, 0.6),
    fc.array(real(0, 2 * Math.PI), { minLength: 3, maxLength: 8 }),
    fc.tuple(real(-0.3, 0.3), real(-0.3, 0.3)),
  )
  .map(([r, angles, offset]) => {
    const sorted = [...new Set(angles.map((x) => Math.round(x * 100) / 100))].sort((x, y) => x - y);
    if (sorted.length < 3) return rectangle(r, r / 2).translate(offset);
    return Curve.fromLoops(
      sorted.map((x) => r * Math.cos(x) + offset[0]),
      sorted.map((x) => r * Math.sin(x) + offset[1]),
      [sorted.length],
    );
  })
  .filter((c) => convexCurve(c).polygon !== null);

const motionArb = fc
  .tuple(stepArb2(0.3, 2), stepArb2(0, 8, false), fc.tuple(real(-0.5, 0.5), real(-0.5, 0.5)))
  .map(
    ([stepA, stepB, miss]): Motion2 => ({
      a: stepPoses2({ ...stepA, at: 0.5 }),
      b: stepPoses2({ ...stepB, at: 0.5, through: miss }),
    }),
  );

describe('two small convex rings on the polygons’ path', () => {
  it('certified by the oracle, the witness segments at the witness points', () => {
    let taken = 0;
    fc.assert(
      fc.property(ringArb, ringArb, motionArb, (a, b, motion) => {
        const r = timeOfImpact2(a, b, motion);
        if (curvePolygonPath2(a, b, motion, undefined, undefined) !== null) taken++;
        const sw = sweep2(a, b, motion);
        const sc = scan(sw, r.tolerance);
        checkGuarantee(sw, sc, r, `rings (${r.status} at ${r.toi})`);
        checkWitness(sw, r, `rings (${r.status} at ${r.toi})`);
      }),
      { numRuns: 300, seed: seedFor(7101), endOnFailure: true },
    );
    expect(taken).toBeGreaterThan(100);
  });

  it('a horizon: the run up to it, as the driver stops', () => {
    fc.assert(
      fc.property(ringArb, ringArb, motionArb, real(0.01, 0.99), (a, b, motion, horizon) => {
        const full = curvePolygonPath2(a, b, motion, undefined, undefined);
        fc.pre(full !== null);
        const cut = curvePolygonPath2(a, b, motion, { horizon }, undefined);
        expect(cut).not.toBeNull();
        // (a run that ends before the horizon, by a contact or at the iteration cap while the gap
        // hovers just above the tolerance, is the same run with it)
        const capped = full!.status === 'not-converged' && !full!.horizonReached;
        if ((full!.status === 'contact' || capped) && full!.toi <= horizon) {
          expect(cut).toEqual(full);
        } else {
          expect(cut!.status).toBe('not-converged');
          expect(cut!.horizonReached).toBe(true);
          expect(cut!.toi).toBeLessThanOrEqual(horizon);
          expect(cut!.iterations).toBeLessThanOrEqual(full!.iterations);
        }
      }),
      { numRuns: 300, seed: seedFor(7102), endOnFailure: true },
    );
  });

  it('`convex: false` and rings one inside the other take the curves’ own path', () => {
    const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [-0.5, 0]), pose2(2, [0.5, 0.3])] };
    const box = rectangle(2, 2);
    const inner = disc(0.2, 12);
    // the regions overlap at s = 0 while the curves do not touch: not this path
    expect(curvePolygonPath2(box, inner, motion, undefined, undefined)).toBeNull();
    const r = timeOfImpact2(box, inner, motion);
    expect(r.status).toBe('separate');
    const apart: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] };
    expect(curvePolygonPath2(rectangle(1, 1), disc(0.5, 8), apart, { convex: false }, undefined)).toBeNull();
    expect(timeOfImpact2(rectangle(1, 1), disc(0.5, 8), apart, { convex: false }).convexEvaluations).toBe(0);
    expect(timeOfImpact2(rectangle(1, 1), disc(0.5, 8), apart).convexEvaluations).toBeGreaterThan(0);
  });
});
