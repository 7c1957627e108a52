// timeOfImpactAffine on motions whose contact time is known in closed form: a ball scaled up until
// it meets another (contact when r(s) + r2 = d(s)), a cuboid sheared onto a plane, a pure
// translation (the rigid timeOfImpact's answer), a body flattened through a singular map.

import { ball, cone, cuboid, cylinder } from '@firsttouch/convex';
import { scaledShape } from '@firsttouch/convex/internal';
import { box } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, timeOfImpact, timeOfImpactAffine } from '../../src/index.js';
import { rotation } from './motions.js';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const scaled = (k: number, M = I) => M.map((x) => k * x);

/**
 * The bracket a contact toi must fall in when the gap is g(s) = g0 − c s (c > 0): the gap at toi is
 * ≤ tol and stayed ≥ tol/2 before, so toi ∈ [(g0 − tol)/c, (g0 − tol/2)/c].
 */
function expectBracket(toi: number, g0: number, c: number, tol: number): void {
  const eps = 1e-9 * (1 + g0 / c);
  expect(toi).toBeGreaterThanOrEqual((g0 - tol) / c - eps);
  expect(toi).toBeLessThanOrEqual((g0 - tol / 2) / c + eps);
}

describe('a ball scaled up until it meets another', () => {
  it('touches when r(s) + r2 = d(s), over random radii, growths and approaches', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: -2, max: 3, noNaN: true }),
        (r2, r0, growth, d0extra, approach) => {
          // A: a ball of radius r2 at rest. B: unit ball under L = r(s) I, r(s) = r0 (1 + growth s),
          // its centre from d0 to d0 − approach along a fixed direction.
          const dir = [0.6, 0, 0.8];
          const d0 = r2 + r0 + 0.05 + d0extra;
          const d1 = d0 - approach;
          const r1 = r0 * (1 + growth);
          const g0 = d0 - r2 - r0;
          const c = r1 - r0 + (d0 - d1);
          const r = timeOfImpactAffine(ball(r2), ball(1), {
            a: [
              { L: I, t: [0, 0, 0] },
              { L: I, t: [0, 0, 0] },
            ],
            b: [
              { L: scaled(r0), t: dir.map((x) => d0 * x) },
              { L: scaled(r1), t: dir.map((x) => d1 * x) },
            ],
          });
          const tol = r.tolerance;
          expect(tol).toBeCloseTo(1e-6 * 2 * Math.sqrt(3) * Math.max(r2, r0, r1), 12);
          if (c > 0 && (g0 - tol / 2) / c < 1) {
            expect(r.status).toBe(CcdStatus.Contact);
            expectBracket(r.toi, g0, c, tol);
            expect(r.distance).toBeLessThanOrEqual(tol);
          } else if (g0 - c > tol) {
            expect(r.status).toBe(CcdStatus.Separate);
            expect(r.distance).toBeCloseTo(g0 - c, 6);
          }
        },
      ),
      { numRuns: 60, seed: 4 },
    );
  });

  it('balls the same size, one growing from radius 1 to 5 at 4 apart, the example: toi 1/2', () => {
    const r = timeOfImpactAffine(ball(1), ball(1), {
      a: [
        { L: I, t: [0, 0, 0] },
        { L: I, t: [0, 0, 0] },
      ],
      b: [
        { L: I, t: [4, 0, 0] },
        { L: scaled(5), t: [4, 0, 0] },
      ],
    });
    expect(r.status).toBe(CcdStatus.Contact);
    expectBracket(r.toi, 2, 4, r.tolerance);
    expect(r.pointA[0]).toBeCloseTo(1, 9);
    expect(Array.from(r.normal)).toEqual([1, 0, 0]);
  });
});

describe('a body that passes by', () => {
  it('is proved clear in one or two steps (the separation along the axis, concave in s, above tol/2 at the end)', () => {
    // B grows from radius 1 to 2 while it flies past A 5 to the side: the gap 5 − 1 − r(s) ≥ 2.
    const r = timeOfImpactAffine(ball(1), ball(1), {
      a: [
        { L: I, t: [0, 0, 0] },
        { L: I, t: [0, 0, 0] },
      ],
      b: [
        { L: I, t: [-6, 5, 0] },
        { L: scaled(2), t: [6, 5, 0] },
      ],
    });
    expect(r.status).toBe(CcdStatus.Separate);
    expect(r.iterations).toBeLessThanOrEqual(2);
    expect(r.distance).toBeCloseTo(Math.hypot(6, 5) - 3, 9);
  });
});

describe('a cuboid sheared onto a plane', () => {
  it('touches when its lowest corner, sheared down by k s, reaches the plane', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.6, max: 3, noNaN: true }),
        fc.double({ min: 0.2, max: 4, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (h, k, slide) => {
          // The plane: a slab of half height 0.5 (top face y = 0.5), wide enough for every corner.
          // B: the unit cube centred at height h; its shear y' = y + k s x (plus a slide along z)
          // lowers the corner x = −1, y = −1 to h − 1 − k s: the gap is h − 1.5 − k s.
          const shear = [1, 0, 0, k, 1, 0, 0, 0, 1];
          const r = timeOfImpactAffine(
            cuboid(20, 0.5, 20),
            cuboid(1, 1, 1),
            {
              a: [
                { L: I, t: [0, 0, 0] },
                { L: I, t: [0, 0, 0] },
              ],
              b: [
                { L: I, t: [0, h, 0] },
                { L: shear, t: [0, h, slide] },
              ],
            },
            { tolerance: 1e-7 },
          );
          const g0 = h - 1.5;
          if (g0 / k < 1 - 1e-6) {
            expect(r.status).toBe(CcdStatus.Contact);
            expectBracket(r.toi, g0, k, 1e-7);
            // the corner touching is the one the shear lowers
            expect(r.pointB[0]).toBeCloseTo(-1, 5);
            expect(r.pointB[1]).toBeCloseTo(0.5, 5);
          } else if (g0 - k > 1e-6) {
            expect(r.status).toBe(CcdStatus.Separate);
          }
        },
      ),
      { numRuns: 60, seed: 5 },
    );
  });
});

describe('a pure translation', () => {
  it('gives the rigid timeOfImpact answer (boxes, both turned, one thrown at the other)', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.tuple(
          fc.double({ min: -0.8, max: 0.8, noNaN: true }),
          fc.double({ min: -0.8, max: 0.8, noNaN: true }),
        ),
        ([ax, ay], angleA, angleB, [ey, ez]) => {
          const axis = [ax, ay, 1];
          const RA = rotation(axis, angleA);
          const RB = rotation([ay, 1, ax], angleB);
          const a = box([1, 2, 1.5]);
          const b = box([0.5, 0.7, 1]);
          const tol = 1e-6;
          const rigid = timeOfImpact(
            a,
            b,
            {
              a: [poseFromAxisAngle(axis, angleA, [0, 0, 0]), poseFromAxisAngle(axis, angleA, [0, 0, 0])],
              b: [
                poseFromAxisAngle([ay, 1, ax], angleB, [4, ey, ez]),
                poseFromAxisAngle([ay, 1, ax], angleB, [-2, ey, ez]),
              ],
            },
            { tolerance: tol },
          );
          const affine = timeOfImpactAffine(
            a,
            b,
            {
              a: [
                { L: RA, t: [0, 0, 0] },
                { L: RA, t: [0, 0, 0] },
              ],
              b: [
                { L: RB, t: [4, ey, ez] },
                { L: RB, t: [-2, ey, ez] },
              ],
            },
            { tolerance: tol },
          );
          expect(affine.status).toBe(rigid.status);
          // both stop within [tol/2, tol] of the contact, closing at ≥ 6 |cos| of the normal: the
          // same instant to within tol / (the closing speed along the normal)
          const closing = 6 * Math.abs(affine.normal[0]);
          expect(Math.abs(affine.toi - rigid.toi)).toBeLessThanOrEqual(tol / closing + 1e-12);
          // a translation's cone is a ray: the cast is exact, one or two steps
          expect(affine.iterations).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 30, seed: 6 },
    );
  });
});

describe('far from unit size: the default tolerance', () => {
  it('a translation of 1e200 and more a step: the rigid answer and its default tolerance', () => {
    // (carried out at unit size, where the unit cubes underflowed to points and took the fallback
    // tolerance of a point: 1e39 times the rule's, InitialContact 1e200 away)
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const c = cuboid(1, 1, 1);
    for (const T of [1e150, 1e200, 1e300, 1e307]) {
      const affine = timeOfImpactAffine(c, c, {
        a: [
          { L: I, t: [0, 0, 0] },
          { L: I, t: [0, 0, 0] },
        ],
        b: [
          { L: I, t: [-T, 0, 0] },
          { L: I, t: [T, 0, 0] },
        ],
      });
      const rigid = timeOfImpact(c, c, {
        a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
        b: [poseFromAxisAngle([0, 0, 1], 0, [-T, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [T, 0, 0])],
      });
      expect([affine.status, affine.toi, affine.tolerance]).toEqual([
        rigid.status,
        rigid.toi,
        rigid.tolerance,
      ]);
      expect(affine.status).toBe(CcdStatus.Contact);
    }
  });

  it('a map with entries past 1e154 (an image 1e155 across): the default tolerance of the rule, not +∞', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const c = cuboid(1, 1, 1);
    const r = timeOfImpactAffine(c, c, {
      a: [
        { L: I, t: [0, 0, 0] },
        { L: I, t: [0, 0, 0] },
      ],
      b: [
        { L: I, t: [0, 3, 0] },
        { L: [1, 1e155, 0, 0, 1, 0, 0, 0, 1], t: [0, 3, 0] },
      ],
    });
    // 1e-6 of the world's diagonal at s = 1 (the sheared cube reaches 2e155 along x)
    expect(r.tolerance).toBeCloseTo(2e149, -140);
    expect(r.status).toBe(CcdStatus.InitialContact);
  });
});

describe('a body flattened through a singular map inside the step', () => {
  it('a cube folded through a segment (L(1/2) singular), then met by a falling ball: the contact past the fold is found', () => {
    // L_A(s) = (1 − s) I + s diag(−1, −1, 1) = diag(1 − 2s, 1 − 2s, 1): at s = 1/2 the cube is the
    // segment x = y = 0, then it opens again mirrored. Its top along y is |1 − 2s|; the ball of
    // radius 1/2 falls from y = 2 by 1.6 s above it: gap 1.5 − 1.6 s − |1 − 2s|, which is 0.7 at the
    // fold and 2.5 − 3.6 s after it (contact at s = 25/36).
    const r = timeOfImpactAffine(cuboid(1, 1, 1), ball(0.5), {
      a: [
        { L: I, t: [0, 0, 0] },
        { L: [-1, 0, 0, 0, -1, 0, 0, 0, 1], t: [0, 0, 0] },
      ],
      b: [
        { L: I, t: [0, 2, 0] },
        { L: I, t: [0, 0.4, 0] },
      ],
    });
    expect(r.status).toBe(CcdStatus.Contact);
    expectBracket(r.toi, 2.5, 3.6, r.tolerance);
    expect(r.pointB[1]).toBeCloseTo(2 - 1.6 * r.toi - 0.5, 9);
  });
});

describe('far from unit size', () => {
  it('at 2^±600 the unit answer: status, toi and tolerance bit for bit, lengths scaled', () => {
    // Squares overflow beyond about 1e154: the default tolerance (the mapped box's diagonal) came out
    // 0 or +∞ (an initial contact, or a throw), and GJK ran at the size given. Now the step runs at
    // unit size by a power of two, as the rigid driver's does.
    const grow = (s: number, x: number, f: number) => ({
      L: [s, 0, 0, 0, s, 0, 0, 0, s],
      t: [x * f, 0.1 * f, 0],
    });
    const still = (f: number) => ({ L: [1, 0.2, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0].map((x) => x * f) });
    const a = cuboid(0.5, 0.4, 0.3);
    const b = ball(0.25);
    const unit = timeOfImpactAffine(a, b, { a: [still(1), still(1)], b: [grow(1, 3, 1), grow(1.5, -1, 1)] });
    expect(unit.status).toBe(CcdStatus.Contact);
    for (const k of [-600, 600]) {
      const f = 2 ** k;
      const r = timeOfImpactAffine(scaledShape(a, k), scaledShape(b, k), {
        a: [still(f), still(f)],
        b: [grow(1, 3, f), grow(1.5, -1, f)],
      });
      expect(r.status).toBe(unit.status);
      expect(r.toi).toBe(unit.toi);
      expect(r.tolerance / f).toBe(unit.tolerance);
      expect(r.distance / f).toBe(unit.distance);
      expect(r.pointB[0] / f).toBe(unit.pointB[0]);
    }
  });
});

describe('maps of extreme numbers on bodies of ordinary world size', () => {
  it('a slab of thickness 2/k sheared by k (det 1, 4 across in the world) and a ball thrown at it: toi 0.2375 for every k', () => {
    // GJK's rounding scale was ‖L‖ times the reach (about k): at k ≥ 1e16 an overlap was declared
    // 1.9 apart (InitialContact), at 1e10 the Contact's distance was 6e-5, past the tolerance.
    for (const k of [1e8, 1e10, 1e14, 1e16, 1e20, 1e150]) {
      const L = [1, k, 0, 0, 1, 0, 0, 0, 1];
      const r = timeOfImpactAffine(cuboid(1, 1 / k, 1), ball(0.1), {
        a: [
          { L, t: [0, 0, 0] },
          { L, t: [0, 0, 0] },
        ],
        b: [
          { L: I, t: [4, 0, 0] },
          { L: I, t: [-4, 0, 0] },
        ],
      });
      // the slab's face x = 1 + k (1/k) = 2, the ball 2.1 from it at 8 a step
      expect(r.status).toBe(CcdStatus.Contact);
      expectBracket(r.toi, 1.9, 8, r.tolerance);
      expect(r.distance).toBeLessThanOrEqual(r.tolerance);
      expect(Math.abs(r.pointA[0] - 2)).toBeLessThan(1e-5);
    }
  });

  it('a cylinder and a cone flattened into plates 2e37 across (maps of 1e120 on shapes of 1e-83) stop a ball at their rims', () => {
    // GJK's directions reach the shapes through Lᵀ, as long as 1e154: a cylinder's support squared
    // them to +∞ and answered the axis for the rim, and the ball passed through (toi 0.48 for 0.317).
    const L = [1e120, 0, 0, 0, 1e120, 0, 0, 0, 1e-120];
    const s = 1e36;
    // In the world (x, y) the cylinder is the square |x|, |y| ≤ 10 s, the cone the triangle under
    // the edge x = 5 s − y/2; the ball (radius s, centre on y = 0) flies from x = 13 s at 26 s a step:
    // it meets the square when its centre is at 11 s, the edge at 5 s + s √1.25.
    // (the gap, in s, and its rate a step: the edge's normal takes 1/√1.25 of the ball's speed)
    const n = Math.sqrt(1.25);
    for (const [body, gap, rate] of [
      [cylinder(1e-83, 1e-83), 2, 26],
      [cone(1e-83, 1e-83), 8 / n - 1, 26 / n],
    ] as const) {
      const r = timeOfImpactAffine(body, ball(s), {
        a: [
          { L, t: [0, 0, 0] },
          { L, t: [0, 0, 0] },
        ],
        b: [
          { L: I, t: [13 * s, 0, 0] },
          { L: I, t: [-13 * s, 0, 0] },
        ],
      });
      expect(r.status).toBe(CcdStatus.Contact);
      expectBracket(r.toi, gap, rate, r.tolerance / s);
      expect(r.distance).toBeLessThanOrEqual(r.tolerance);
    }
  });
});
