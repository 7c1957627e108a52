// GjkPair.lowerPointA / lowerPointB: the two supports behind the certified lower bound. Checked by
// brute force over the hulls' own vertices (placed here): no vertex of A lies farther along the
// bound's axis than lowerPointA, none of B nearer than lowerPointB, and their gap along the axis is
// the bound (the margins added back).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexHull, GjkPair, rounded } from '../src/index.js';
import { arbPose, cloud, place, seeded } from './helpers.js';

describe('the supports behind the lower bound', () => {
  it('are extreme along the axis, and their gap along it is the bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 4, max: 16 }),
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        arbPose(3),
        (seed, count, m, pose) => {
          const next = seeded(seed);
          const a = convexHull(cloud(next, count));
          const b = rounded(convexHull(cloud(next, count)), m);
          const g = new GjkPair(a, b);
          const lower = g.evaluate(pose.R, pose.t);
          if (!(lower > 0)) return;
          const n = g.lowerAxis;
          const dot = (p: ArrayLike<number>) => n[0] * p[0] + n[1] * p[1] + n[2] * p[2];
          const hA = dot(g.lowerPointA);
          const hB = dot(g.lowerPointB);
          const slack = 1e-12 * (1 + Math.hypot(pose.t[0], pose.t[1], pose.t[2]));
          const va = a.vertices();
          for (let i = 0; i < va.length; i += 3)
            expect(dot(va.subarray(i, i + 3))).toBeLessThanOrEqual(hA + slack);
          const vb = b.base!.vertices();
          for (let i = 0; i < vb.length; i += 3)
            expect(dot(place(pose, vb.subarray(i, i + 3)))).toBeGreaterThanOrEqual(hB - slack);
          expect(Math.abs(hB - hA - m - lower)).toBeLessThanOrEqual(slack);
        },
      ),
      { numRuns: 200 },
    );
  });
});
