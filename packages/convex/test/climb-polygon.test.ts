// The climb around a convex ring (PolygonPair's certified supports, ccd's polygon step, the walk of
// large polygons) against a scan of every vertex, on rings with an edge far shorter than the ring:
// a vertex repeated a few ulps away, as a polygon read from a file or closed by hand carries. (The
// climb compared rounded heights: over such an edge the next vertex's height rounds to the last
// one's, the climb stopped there, and a support 4.7e-7 below the top made ccd's polygon path answer
// after the contact; found by ccd's Box2D repro on convex rings.)

import { describe, expect, it } from 'vitest';
import { convexPolygon } from '../src/index.js';
import { climbPolygon, climbSlack } from '../src/internal.js';
import { seeded } from './helpers.js';

describe('climbPolygon', () => {
  it('ends on the top of a ring with an edge of a few ulps, climbing over that edge', () => {
    // (Uniform draws from a seeded generator: fast-check's doubles favour the ends of their ranges,
    // where the directions rarely cross the short edge's rise.)
    const next = seeded(5201);
    let climbedOver = 0;
    for (let run = 0; run < 20_000; run++) {
      // A ring on a circle, its rightmost corner split into two vertices `eps` apart on x = R.
      const radius = 0.2 + 0.4 * next();
      const R = radius * (1.05 + 0.45 * next());
      const eps = (1 + Math.floor(40 * next())) * 2 ** -56;
      const flat = [R, -eps, R, eps];
      const m = 2 + Math.floor(10 * next());
      for (let i = 0; i < m; i++) {
        const t = 0.5 + 5.3 * next();
        flat.push(radius * Math.cos(t), radius * Math.sin(t));
      }
      const shape = convexPolygon(flat);
      const P = shape.points;
      const count = P.length / 2;
      let lower = -1;
      for (let k = 0; k < count; k++) if (P[2 * k] === R && P[2 * k + 1] === -eps) lower = k;
      expect(lower).toBeGreaterThanOrEqual(0);
      const turn = 3 * next() - 1.5;
      const dx = Math.cos(turn),
        dy = Math.sin(turn);
      let top = Number.NEGATIVE_INFINITY;
      let at = -1;
      for (let k = 0; k < count; k++) {
        const h = dx * P[2 * k] + dy * P[2 * k + 1];
        if (h > top) {
          top = h;
          at = k;
        }
      }
      if (at !== lower && P[2 * at] !== R) climbedOver++;
      const k = climbPolygon(P, count, dx, dy, lower, climbSlack(dx, dy, shape.coreReach));
      const h = dx * P[2 * k] + dy * P[2 * k + 1];
      // on top to the heights' rounding (a few ulps of the ring's size)
      expect(top - h).toBeLessThanOrEqual(8 * 2 ** -52);
      // The same ring placed (turned and moved, as PolygonPair places B): the short edge's placed
      // direction is rounding, and the climb crosses it as a tie.
      const angle = 6.3 * next();
      const c = Math.cos(angle),
        s = Math.sin(angle);
      const tu = 4 * next() - 2,
        tv = 4 * next() - 2;
      const W = new Float64Array(P.length);
      for (let q = 0; q < P.length; q += 2) {
        W[q] = c * P[q] - s * P[q + 1] + tu;
        W[q + 1] = s * P[q] + c * P[q + 1] + tv;
      }
      let placedTop = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < P.length; q += 2) placedTop = Math.max(placedTop, dx * W[q] + dy * W[q + 1]);
      const scale = Math.abs(tu) + Math.abs(tv) + shape.coreReach;
      const slack = climbSlack(dx, dy, scale);
      const j = climbPolygon(W, count, dx, dy, lower, slack);
      expect(placedTop - (dx * W[2 * j] + dy * W[2 * j + 1])).toBeLessThanOrEqual(slack);
    }
    // the draw puts the top beyond the short edge often
    expect(climbedOver).toBeGreaterThan(2_000);
  });
});
