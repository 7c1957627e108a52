import { box } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyLayout, spinOver, windowChords } from '../src/bodies.js';
import { stepBodies3 } from '../src/step-bodies3.js';

const unit = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter(([x, y, z]) => x * x + y * y + z * z > 1e-6);
const pose = fc
  .tuple(
    unit,
    fc.double({ min: -7, max: 7, noNaN: true }),
    fc.tuple(
      fc.double({ min: -50, max: 50, noNaN: true }),
      fc.double({ min: -50, max: 50, noNaN: true }),
      fc.double({ min: -50, max: 50, noNaN: true }),
    ),
  )
  .map(([axis, angle, t]) => poseFromAxisAngle(axis, angle, t));

describe('stepBodies3 on a box held by its 8 corners', () => {
  it('gives the box at s = 0, ρ, μ and the chord that the loop over the same 8 points gives', () => {
    // box(s, 2) has 26 distinct vertices, held by its box's 8 corners (the corners' path); box(s, 1)
    // has just those 8 as its vertices, which the loop over the points takes one by one
    const corners = box(0.04, 2);
    const points = box(0.04, 1);
    expect(points.distinctVertices().length).toBe(24);
    expect(corners.distinctVertices().length).toBeGreaterThan(24);
    fc.assert(
      fc.property(fc.array(fc.tuple(pose, pose), { minLength: 1, maxLength: 8 }), (steps) => {
        const p0 = steps.map((s) => s[0]);
        const p1 = steps.map((s) => s[1]);
        const a = stepBodies3(
          steps.map(() => corners),
          p0,
          p1,
        );
        const b = stepBodies3(
          steps.map(() => points),
          p0,
          p1,
        );
        const L = bodyLayout(3);
        for (let i = 0; i < steps.length; i++) {
          const o = L.stride * i;
          // (== : an exact zero may differ in sign, which no comparison reads)
          for (let k = 0; k < 6; k++) expect(a.body[o + k] === b.body[o + k]).toBe(true);
          expect(a.rho[i]).toBe(b.rho[i]);
          expect(a.body[o + L.mu]).toBe(b.body[o + L.mu]);
          expect(a.body[o + L.spin]).toBe(b.body[o + L.spin]);
          expect(a.theta[i]).toBe(b.theta[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("bounds each corner's chord over the turn (its spin, from the turn's quaternion)", () => {
    // The chord |R1 c − R0 c| of a corner is 2 sin(θ/2) times its distance from the axis: the spin
    // 2ρ sin(θ/2) must cover the largest, with sin(θ/2) read off the quaternion of R1 R0ᵀ.
    const corners = box(0.04, 2);
    const h = 0.02; // the half side of box(0.04)
    fc.assert(
      fc.property(pose, pose, (p0, p1) => {
        const step = stepBodies3([corners], [p0], [p1]);
        const spin = step.body[bodyLayout(3).spin];
        let worst = 0;
        for (let c = 0; c < 8; c++) {
          const x = c & 1 ? h : -h,
            y = c & 2 ? h : -h,
            z = c & 4 ? h : -h;
          const d = [0, 1, 2].map(
            (r) =>
              p1.R[3 * r] * x +
              p1.R[3 * r + 1] * y +
              p1.R[3 * r + 2] * z -
              (p0.R[3 * r] * x + p0.R[3 * r + 1] * y + p0.R[3 * r + 2] * z),
          );
          worst = Math.max(worst, Math.hypot(d[0], d[1], d[2]));
        }
        // (the chord as placed rounds by a few ulps of the corners' size)
        expect(spin).toBeGreaterThanOrEqual(worst - 8 * Number.EPSILON * h);
      }),
      { numRuns: 500 },
    );
  });

  it("writes each body's chord over a window as spinOver computes it (windowChords)", () => {
    const corners = box(0.04, 2);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pose, pose), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 1e-6, max: 0.999, noNaN: true }),
        (ps, h) => {
          const step = stepBodies3(
            ps.map(() => corners),
            ps.map((p) => p[0]),
            ps.map((p) => p[1]),
          );
          const out = windowChords(step, h, new Float64Array(ps.length));
          for (let i = 0; i < ps.length; i++) expect(out[i]).toBe(spinOver(step, i, h));
        },
      ),
      { numRuns: 100 },
    );
  });
});
