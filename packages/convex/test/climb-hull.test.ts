// The climb over a large hull's vertex graph (supports from the last one, hulls of CLIMB_FROM points
// or more) against a scan of every vertex, on hulls with one vertex repeated a few ulps away: there
// two heights round alike, and a climb that compared heights stopped there while the hull rose
// further (supports up to 0.7 below the top on hulls of 400 points).

import { describe, expect, it } from 'vitest';
import { convexHull } from '../src/index.js';
import { seeded } from './helpers.js';

describe('the climb of a large hull', () => {
  it('ends on the top from any start, with a vertex repeated a few ulps away', () => {
    const next = seeded(5301);
    const out = new Float64Array(3);
    const d = new Float64Array(3);
    let bad = 0;
    let worst = 0;
    for (let trial = 0; trial < 40; trial++) {
      const pts: number[] = [];
      const eps = (1 + Math.floor(8 * next())) * 2 ** -55;
      for (let i = 0; i < 400; i++) {
        const z = 2 * next() - 1;
        const t = 2 * Math.PI * next();
        const r = Math.sqrt(1 - z * z);
        pts.push(0.5 * r * Math.cos(t), 0.5 * r * Math.sin(t), 0.5 * z);
      }
      // the twin of point 0, a few ulps out along x
      pts.push(pts[0] + eps, pts[1], pts[2]);
      const hull = convexHull(pts);
      expect(hull.climb).toBe(true);
      const P = hull.points;
      const n = P.length / 3;
      for (let k = 0; k < 200; k++) {
        d[0] = next() - 0.5;
        d[1] = next() - 0.5;
        d[2] = next() - 0.5;
        let top = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < n; i++)
          top = Math.max(top, d[0] * P[3 * i] + d[1] * P[3 * i + 1] + d[2] * P[3 * i + 2]);
        for (let from = 0; from < n; from += 4) {
          hull.support(d, out, from);
          const below = top - (d[0] * out[0] + d[1] * out[1] + d[2] * out[2]);
          if (below > 8 * 2 ** -52) bad++;
          worst = Math.max(worst, below);
        }
      }
    }
    expect({ bad, worst }).toEqual({ bad: 0, worst: expect.any(Number) });
    expect(worst).toBeLessThanOrEqual(8 * 2 ** -52);
  });
});
