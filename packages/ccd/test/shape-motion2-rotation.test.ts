// ShapeMotion2 keeps cos and sin of A's angle while it stays: a reused evaluator, any order of s,
// A at rest or turning, must give the gaps and witnesses of a fresh one taken through the same
// instants (GJK's warm start makes the witness depend on them where edges are parallel), bit for bit,
// and the gap of brute-force edge–edge distance.
import { convexPolygon } from '@firsttouch/convex';
import { type Pose2, pose2, RigidMotion2, transformPoint2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShapeMotion2 } from '../src/index.js';
import { segmentSegment2 } from './oracle/geometry.js';
import { seedFor } from './scenarios.js';

/** 3–8 vertices on the circle of radius 0.5, counter-clockwise (a convex polygon). */
const polygon = fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { minLength: 3, maxLength: 8 }).map((ks) => {
  const sorted = [...ks].sort((x, y) => x - y);
  const xy = new Float64Array(2 * sorted.length);
  sorted.forEach((k, i) => {
    xy[2 * i] = 0.5 * Math.cos((k * Math.PI) / 32);
    xy[2 * i + 1] = 0.5 * Math.sin((k * Math.PI) / 32);
  });
  return xy;
});
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const coord = fc.double({ min: -3, max: 3, noNaN: true });
const pose = fc.tuple(angle, coord, coord).map(([a, x, y]) => pose2(a, [x, y]));

/** Brute force: the smallest edge–edge distance of the two polygons placed by their poses (0 if one holds the other's vertex). */
function bruteGap(pa: Float64Array, qa: Pose2, pb: Float64Array, qb: Pose2): number {
  const place = (p: Float64Array, q: Pose2) => {
    const out = new Float64Array(p.length);
    const w = new Float64Array(2);
    for (let i = 0; i < p.length; i += 2) {
      transformPoint2(q, [p[i], p[i + 1]], w);
      out[i] = w[0];
      out[i + 1] = w[1];
    }
    return out;
  };
  const A = place(pa, qa);
  const B = place(pb, qb);
  const inside = (P: Float64Array, x: number, y: number) => {
    for (let i = 0; i < P.length; i += 2) {
      const j = (i + 2) % P.length;
      if ((P[j] - P[i]) * (y - P[i + 1]) - (P[j + 1] - P[i + 1]) * (x - P[i]) < 0) return false;
    }
    return true;
  };
  if (inside(A, B[0], B[1]) || inside(B, A[0], A[1])) return 0;
  const seg = new Float64Array(4);
  const out = new Float64Array(4);
  const segB = new Float64Array(4);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < A.length; i += 2) {
    const i1 = (i + 2) % A.length;
    seg.set([A[i], A[i + 1], A[i1], A[i1 + 1]]);
    for (let j = 0; j < B.length; j += 2) {
      const j1 = (j + 2) % B.length;
      segB.set([B[j], B[j + 1], B[j1], B[j1 + 1]]);
      best = Math.min(best, segmentSegment2(seg, 0, segB, 0, out));
    }
  }
  return best;
}

describe('ShapeMotion2: cos and sin of A kept while its angle stays', () => {
  it('a reused evaluator answers as a fresh one, bit for bit, within the brute-force gap', () => {
    const reused = new ShapeMotion2(
      convexPolygon(new Float64Array([0, 0, 1, 0, 0, 1])),
      convexPolygon(new Float64Array([0, 0, 1, 0, 0, 1])),
      new RigidMotion2(pose2(), pose2()),
      new RigidMotion2(pose2(), pose2()),
    );
    const pointA = new Float64Array(2);
    const pointB = new Float64Array(2);
    const freshA = new Float64Array(2);
    const freshB = new Float64Array(2);
    let checked = 0;
    fc.assert(
      fc.property(
        polygon,
        polygon,
        pose,
        pose,
        pose,
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (pa, pb, a0, b0, b1, aTurns, ss) => {
          const a1 = aTurns ? pose2(a0.angle + 0.7, [a0.t[0] + 0.3, a0.t[1]]) : a0;
          const ma = new RigidMotion2(a0, a1);
          const mb = new RigidMotion2(b0, b1);
          const A = convexPolygon(pa);
          const B = convexPolygon(pb);
          reused.reset(A, B, ma, mb);
          // A fresh evaluator through the same instants: the same warm starts, only the kept cos and sin differ.
          const fresh = new ShapeMotion2(A, B, ma, mb);
          for (const s of [...ss, 0, 1, ss[0]]) {
            const d = reused.distance(s);
            expect(d).toBe(fresh.distance(s));
            const w = reused.witness(pointA, pointB);
            const f = fresh.witness(freshA, freshB);
            expect(w.distance).toBe(f.distance);
            expect(Array.from(pointA)).toEqual(Array.from(freshA));
            expect(Array.from(pointB)).toEqual(Array.from(freshB));
            // The directional step from the same gap: the same number.
            expect(reused.directionalStep(s, d, 1e-6, 0, 1)).toBe(fresh.directionalStep(s, d, 1e-6, 0, 1));
            // GJK's certified lower bound against brute force at the same poses.
            const brute = bruteGap(pa, ma.poseAt(s), pb, mb.poseAt(s));
            expect(d).toBeLessThanOrEqual(brute + 1e-12);
            expect(d).toBeGreaterThanOrEqual(brute - 1e-9);
            checked++;
          }
        },
      ),
      { numRuns: 150, seed: seedFor(3030) },
    );
    expect(checked).toBeGreaterThan(300);
  });
});
