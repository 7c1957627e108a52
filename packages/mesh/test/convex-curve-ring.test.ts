// A ring (segment k joins distinct points k and k + 1) gives the witness of the same loop given as an
// open chain; the convex path's vertex sets: a polar table for loops of 24 points or more only.

import { describe, expect, it } from 'vitest';
import { convexCurve } from '../src/convex/convex-curve.js';
import { ConvexCurvePair } from '../src/convex/convex-curve-pair.js';
import { Curve, disc, rectangle } from '../src/index.js';
import { rng } from './helpers.js';

type Pt = [number, number];

function loop(points: Pt[]): Curve {
  return Curve.fromLoops(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    [points.length],
  );
}

describe('convex curves as vertex sets', () => {
  it('a polar table for loops of 24 points or more, none for open chains or small loops', () => {
    expect(convexCurve(disc(1, 23)).shape.polar.length).toBe(0);
    expect(convexCurve(disc(1, 24)).shape.polar.length).toBeGreaterThan(0);
    expect(convexCurve(rectangle(1, 1)).shape.polar.length).toBe(0);
    // an open chain back to its start: convex, no loop, no table (its points are scanned)
    const d = disc(0.5, 40);
    const open = Curve.fromPolyline(
      [...d.positions.filter((_, i) => i % 2 === 0), d.positions[0]],
      [...d.positions.filter((_, i) => i % 2 === 1), d.positions[1]],
    );
    expect([convexCurve(open).convex, convexCurve(open).loop, convexCurve(open).shape.polar.length]).toEqual([
      true,
      false,
      0,
    ]);
    // the vertex set is over the curve's distinct points, its reach the curve's
    const c = convexCurve(disc(1, 40));
    expect([c.shape.points === c.points, c.shape.coreReach]).toEqual([true, c.reach]);
  });

  it('ring: segment k joins points k and k + 1, and gives the witness of the same loop as an open chain', () => {
    expect(convexCurve(rectangle(1, 2)).ring).toBe(true);
    expect(convexCurve(disc(1, 40)).ring).toBe(true);
    // a repeated vertex: a loop, but its segments are no longer numbered by its points
    const repeated = loop([
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    expect([convexCurve(repeated).loop, convexCurve(repeated).ring]).toEqual([true, false]);
    const r = rng(34);
    let resolved = 0;
    for (let k = 0; k < 300; k++) {
      // below 24 points (no polar table) both forms take the same GJK steps; only resolve's
      // numbering differs
      const n = 3 + Math.floor(20 * r());
      const pts = Array.from({ length: n }, (_, i): Pt => {
        const t = (2 * Math.PI * (i + 0.8 * r())) / n;
        return [0.5 * Math.cos(t), 0.3 * Math.sin(t)];
      });
      if (k % 3 === 0) pts.splice(1, 0, [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2]);
      const ringForm = loop(pts);
      const chainForm = Curve.fromPolyline(
        [...pts.map((p) => p[0]), pts[0][0]],
        [...pts.map((p) => p[1]), pts[0][1]],
      );
      expect([convexCurve(ringForm).ring, convexCurve(chainForm).ring]).toEqual([true, false]);
      const other = disc(0.2, 3 + (k % 9));
      const [x, y] = k % 2 === 0 ? [ringForm, chainForm] : [other, other];
      const [p, q] = k % 2 === 0 ? [other, other] : [ringForm, chainForm];
      const one = new ConvexCurvePair(k % 2 === 0 ? x : p, k % 2 === 0 ? p : x);
      const two = new ConvexCurvePair(k % 2 === 0 ? y : q, k % 2 === 0 ? q : y);
      for (let i = 0; i < 5; i++) {
        const angle = 6 * r(),
          dir = 2 * Math.PI * r(),
          f = 0.55 + 2 * r();
        const place = [Math.cos(angle), Math.sin(angle), f * Math.cos(dir), f * Math.sin(dir)] as const;
        const fields = (pair: ConvexCurvePair) => {
          const lb = pair.evaluate(...place);
          const ok = pair.resolve();
          if (ok) resolved++;
          return [lb, ok, pair.segmentA, pair.segmentB, pair.distance, ...pair.pointA, ...pair.pointB];
        };
        expect(fields(one), `case ${k}, pose ${i}`).toEqual(fields(two));
      }
    }
    expect(resolved).toBeGreaterThan(2000);
  });
});
