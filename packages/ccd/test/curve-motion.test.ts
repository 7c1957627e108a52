// CurveMotion reused across steps (as timeOfImpact2's pool reuses it): after reset it answers as a
// fresh evaluator of the new step, bit for bit, on the convex path and on the exact search alike;
// its exact search is pointed at the new curves when first used, and a reset with an empty curve
// fails as the search's own rebind did.

import { Curve, disc, rectangle } from '@firsttouch/mesh';
import { FirstTouchError, pose2, RigidMotion2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CurveMotion } from '../src/index.js';

const ell = Curve.fromLoops([0, 2, 2, 1, 1, 0], [0, 0, 1, 1, 2, 2], [6]);

/** Every gap along the step and the witness of each (settled), as a flat list. */
function trace(m: CurveMotion, steps: number): unknown[] {
  const out: unknown[] = [m.speedBound()];
  for (let k = 0; k <= steps; k++) {
    const s = k / steps;
    const d = m.distance(s);
    const settled = m.settle(d);
    const w = m.witness;
    out.push(d, settled, w.segmentA, w.segmentB, ...w.pointA, ...w.pointB);
  }
  out.push(m.distancePairEvaluations, m.convexEvaluations);
  return out;
}

describe('CurveMotion.reset', () => {
  const steps: Array<[Curve, Curve, RigidMotion2, RigidMotion2]> = [
    [
      rectangle(1, 1),
      disc(0.2, 12),
      new RigidMotion2(pose2(), pose2()),
      new RigidMotion2(pose2(0, [2, 0.1]), pose2(2, [0.2, 0.3])),
    ],
    [
      disc(0.5, 40),
      disc(0.1, 7),
      new RigidMotion2(pose2(0.3), pose2(0.5)),
      new RigidMotion2(pose2(1, [-1, 1]), pose2(-2, [1, -1])),
    ],
    [
      ell,
      rectangle(0.3, 0.2),
      new RigidMotion2(pose2(), pose2()),
      new RigidMotion2(pose2(0, [3, 3]), pose2(1, [0.5, 2.8])),
    ],
  ];

  for (const convex of [true, false]) {
    it(`answers as a fresh evaluator of the new step (convex ${convex})`, () => {
      const reused = new CurveMotion(steps[0][0], steps[0][1], steps[0][2], steps[0][3], {
        tolerance: 1e-6,
        convex,
      });
      for (let round = 0; round < 2; round++) {
        for (const [a, b, ma, mb] of steps) {
          reused.reset(a, b, ma, mb, { tolerance: 1e-6, convex });
          expect(reused.pair.a).toBe(a);
          expect(reused.pair.b).toBe(b);
          const fresh = new CurveMotion(a, b, ma, mb, { tolerance: 1e-6, convex });
          expect(trace(reused, 16)).toEqual(trace(fresh, 16));
        }
      }
    });
  }

  it('the exact search follows the curves of the last reset, asked for or not', () => {
    const [a, b, ma, mb] = steps[0];
    const m = new CurveMotion(a, b, ma, mb, { tolerance: 1e-6 });
    m.distance(0.5);
    m.reset(steps[1][0], steps[1][1], steps[1][2], steps[1][3], { tolerance: 1e-6 });
    m.reset(steps[2][0], steps[2][1], steps[2][2], steps[2][3], { tolerance: 1e-6 });
    // a search after two resets, none between them: the pair is pointed at the last curves
    const d = m.distance(0.25);
    expect(m.pair.a).toBe(ell);
    expect(d).toBe(
      new CurveMotion(ell, steps[2][1], steps[2][2], steps[2][3], { tolerance: 1e-6 }).distance(0.25),
    );
  });

  it('a reset with an empty curve throws EMPTY naming the curve, as the search’s rebind did', () => {
    const [a, b, ma, mb] = steps[0];
    const m = new CurveMotion(a, b, ma, mb, { tolerance: 1e-6 });
    const empty = Curve.fromLoops([], [], []);
    for (const [x, y, which] of [
      [empty, b, 'curve A'],
      [a, empty, 'curve B'],
    ] as const) {
      let error: unknown;
      try {
        m.reset(x, y, ma, mb, { tolerance: 1e-6 });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FirstTouchError);
      expect((error as FirstTouchError).code).toBe('EMPTY');
      expect((error as FirstTouchError).message).toBe(`distance (${which}): the curve has no segments`);
    }
  });
});
