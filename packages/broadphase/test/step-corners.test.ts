import { box } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyLayout } from '../src/bodies.js';
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
});
