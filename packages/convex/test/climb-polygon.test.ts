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

/** P turned and moved at random (as PolygonPair places B): the placed points and the move. */
function placed(P: Float64Array, next: () => number): { W: Float64Array; tu: number; tv: number } {
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
  return { W, tu, tv };
}

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
      const k = climbPolygon(P, count, Float64Array.of(dx, dy, climbSlack(dx, dy, shape.coreReach)), lower);
      const h = dx * P[2 * k] + dy * P[2 * k + 1];
      // on top to the heights' rounding (a few ulps of the ring's size)
      expect(top - h).toBeLessThanOrEqual(8 * 2 ** -52);
      // The same ring placed (turned and moved, as PolygonPair places B): the short edge's placed
      // direction is rounding, and the climb crosses it as a tie.
      const { W, tu, tv } = placed(P, next);
      let placedTop = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < P.length; q += 2) placedTop = Math.max(placedTop, dx * W[q] + dy * W[q + 1]);
      const scale = Math.abs(tu) + Math.abs(tv) + shape.coreReach;
      const slack = climbSlack(dx, dy, scale);
      const j = climbPolygon(W, count, Float64Array.of(dx, dy, slack), lower);
      expect(placedTop - (dx * W[2 * j] + dy * W[2 * j + 1])).toBeLessThanOrEqual(slack);
    }
    // the draw puts the top beyond the short edge often
    expect(climbedOver).toBeGreaterThan(2_000);
  });

  it('ends on the top of a placed ring whose every corner is cut by an edge of a few ulps', () => {
    // Each corner split into two vertices a few ulps apart along its two edges, in any direction:
    // placed, such an edge's far end may rise by an ulp while the ring falls after it. The climb
    // took any rise forward as the way up and never looked back, where the top was (found by a
    // deep fuzz run: a time of impact 9.5e-3 deep at its toi).
    const next = seeded(5202);
    let backward = 0;
    for (let run = 0; run < 4_000; run++) {
      const radius = 0.2 + 0.4 * next();
      const m = 3 + Math.floor(5 * next());
      const t = Array.from({ length: m }, () => 6.283 * next()).sort((x, y) => x - y);
      const corner = t.map((a) => [radius * Math.cos(a), radius * Math.sin(a)]);
      const flat: number[] = [];
      for (let i = 0; i < m; i++) {
        const [px, py] = corner[i];
        const [qx, qy] = corner[(i + m - 1) % m];
        const [rx, ry] = corner[(i + 1) % m];
        const e = (1 + Math.floor(6 * next())) * 2 ** -55;
        const la = Math.hypot(qx - px, qy - py),
          lb = Math.hypot(rx - px, ry - py);
        flat.push(px + (e * (qx - px)) / la, py + (e * (qy - py)) / la);
        flat.push(px + (e * (rx - px)) / lb, py + (e * (ry - py)) / lb);
      }
      let shape: ReturnType<typeof convexPolygon>;
      try {
        shape = convexPolygon(flat);
      } catch {
        continue; // (a cut that rounding made not convex: refused, nothing to climb)
      }
      const P = shape.points;
      const count = P.length / 2;
      const { W, tu, tv } = placed(P, next);
      const turn = 6.3 * next();
      const dx = Math.cos(turn),
        dy = Math.sin(turn);
      let top = Number.NEGATIVE_INFINITY;
      for (let q = 0; q < P.length; q += 2) top = Math.max(top, dx * W[q] + dy * W[q + 1]);
      const slack = climbSlack(dx, dy, Math.abs(tu) + Math.abs(tv) + shape.coreReach);
      for (let from = 0; from < count; from++) {
        const j = climbPolygon(W, count, Float64Array.of(dx, dy, slack), from);
        const h = dx * W[2 * j] + dy * W[2 * j + 1];
        expect(top - h).toBeLessThanOrEqual(slack);
        const next1 = from === count - 1 ? 0 : from + 1;
        const rise = dx * W[2 * next1] + dy * W[2 * next1 + 1] - (dx * W[2 * from] + dy * W[2 * from + 1]);
        if (rise > 0 && rise <= slack && top - h < slack && j !== next1) backward++;
      }
    }
    // the draw gives starts whose next vertex rises by rounding alone while the top is elsewhere
    expect(backward).toBeGreaterThan(50);
  });
});
