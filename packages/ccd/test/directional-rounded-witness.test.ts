// A fault an adversarial probe found (the test fails on the code before its fix): the directional
// step of a facet (segment) pair took the pair's distance d as its gap along the witness direction
// (pointB − pointA) / d. That direction is rounded, by about ulp(coordinates) / d, and along a
// direction off by δ a large facet lies up to δ times its extent nearer than d: a small triangle
// sliding over a large one a few tolerances above it, sinking through its plane, was answered at
// a toi after it had gone through (a contact at distance 0, at s = 0.68 where it touched at 0.5).
// The step now takes the gap along the rounded direction from the corners.
//
// The oracle is the motion itself: B's lowest vertex, over A's interior all along, sinks through
// A's plane at a constant rate, from h above it to h below, so the gap is h (1 − 2s) until s = 1/2,
// and below tol/2 from s = 1/2 − tol / (4h) on. Every answer must come before that instant (to
// the rounding of the coordinates: see `latest`).

import { Curve, Surface } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DirectionalMode, timeOfImpact, timeOfImpact2 } from '../src/index.js';

/**
 * The latest toi the guarantee allows: where the gap h (1 − 2s) reaches tol/2, give or take the
 * rounding of the poses' coordinates (of size `o`: 16 ulps of them in the gap, divided by its rate
 * 2h, in s).
 */
function latest(h: number, tolerance: number, o: number): number {
  return 0.5 - tolerance / (4 * h) + (16 * Number.EPSILON * o) / (2 * h) + 1e-12;
}

/**
 * A slide's other draws: A's facet at 2·10^decade, B starting `heights` tolerances above it, the
 * directional mode, and whether the tolerance is given (1e-9 of the offset) or the default.
 */
const SLIDES = [
  fc.integer({ min: 0, max: 8 }),
  fc.constantFrom(5, 10, 40),
  fc.constantFrom<DirectionalMode>(true, 'auto'),
  fc.boolean(),
] as const;

describe('the directional step on a rounded witness direction (a probe: a toi past the contact)', () => {
  it('3-D: a small triangle sliding over a large tilted one and sinking through it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 1.4, noNaN: true }),
        ...SLIDES,
        (angle, decade, heights, directional, given) => {
          const o = 2 * 10 ** decade;
          const axis = [1 / Math.sqrt(14), 2 / Math.sqrt(14), 3 / Math.sqrt(14)];
          const M = poseFromAxisAngle(axis, angle).R;
          // A's plane is z = 0 in the frame M: A's facet at (o, o), far from A's origin
          const inM = (x: number, y: number, z: number) => [
            M[0] * x + M[1] * y + M[2] * z,
            M[3] * x + M[4] * y + M[5] * z,
            M[6] * x + M[7] * y + M[8] * z,
          ];
          const a = Surface.fromTriangles([...inM(o, o, 0), ...inM(o + 2, o, 0), ...inM(o, o + 2, 0)]);
          const b = Surface.fromTriangles([0, 0, 0, 0.05, 0.01, 1e-3, 0.01, 0.05, 2e-3]);
          const at = (x: number, y: number, z: number) => poseFromAxisAngle(axis, angle, inM(x, y, z));
          const rest = identityPose();
          const still = { a: [rest, rest], b: [at(o, o, 1), at(o, o, 1)] } as const;
          const tolerance = given ? 1e-9 * o : timeOfImpact(a, b, still, { maxIterations: 1 }).tolerance;
          const h = heights * tolerance;
          const r = timeOfImpact(
            a,
            b,
            { a: [rest, rest], b: [at(o + 0.1, o + 0.3, h), at(o + 1.1, o + 0.4, -h)] },
            given ? { directional, tolerance } : { directional },
          );
          expect(r.status).toBe('contact');
          expect(r.toi).toBeLessThanOrEqual(latest(h, tolerance, o));
          // (and not absurdly early: the gap is above tol at s < 1/2 − tol / (2h))
          expect(r.toi).toBeGreaterThan(0.5 - tolerance / h - 1e-9);
        },
      ),
      { numRuns: 60, seed: 0x5d1de },
    );
  });

  it('2-D: a small triangle sliding along a long tilted segment and sinking through it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        ...SLIDES,
        (angle, decade, heights, directional, given) => {
          const o = 2 * 10 ** decade;
          const c = Math.cos(angle);
          const s = Math.sin(angle);
          const inM = (x: number, y: number) => [c * x - s * y, s * x + c * y];
          const [u0, v0] = inM(o, o);
          const [u1, v1] = inM(o + 2, o);
          const a = Curve.fromPolyline([u0, u1], [v0, v1]);
          const b = Curve.fromLoops([0, 0.05, 0.01], [0, 1e-3, 0.002], [3]);
          const at = (x: number, y: number) => pose2(angle, inM(x, y));
          const rest = pose2(0);
          const still = { a: [rest, rest], b: [at(o, o + 1), at(o, o + 1)] } as const;
          const tolerance = given ? 1e-9 * o : timeOfImpact2(a, b, still, { maxIterations: 1 }).tolerance;
          const h = heights * tolerance;
          const r = timeOfImpact2(
            a,
            b,
            { a: [rest, rest], b: [at(o + 0.1, o + h), at(o + 1.1, o - h)] },
            // (the curves' trees: two convex curves otherwise take GJK's certified bound)
            given ? { directional, tolerance, convex: false } : { directional, convex: false },
          );
          expect(r.status).toBe('contact');
          expect(r.toi).toBeLessThanOrEqual(latest(h, tolerance, o));
          expect(r.toi).toBeGreaterThan(0.5 - tolerance / h - 1e-9);
        },
      ),
      { numRuns: 60, seed: 0x5d1df },
    );
  });
});
