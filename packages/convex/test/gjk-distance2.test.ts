// shapeDistance2 against oracles written here: discs and rectangles in closed form, 2-D capsules by
// segment distance, polygons by all edge pairs (crossing decided exactly), and GjkPair.evaluate2.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ball2,
  capsule2,
  convexPolygon,
  cuboid2,
  GjkPair,
  rounded,
  type Shape,
  shapeDistance2,
} from '../src/index.js';
import { seeded } from './helpers.js';
import { segmentSegment } from './oracle/geometry.js';
import { type P2, place2, polygonDistance, ring } from './oracle/polygons.js';

const arbPose2 = fc
  .tuple(
    fc.double({ min: -7, max: 7, noNaN: true }),
    fc.double({ min: -2, max: 2, noNaN: true }),
    fc.double({ min: -2, max: 2, noNaN: true }),
  )
  .map(([angle, x, y]): P2 => ({ angle, t: [x, y] }));

function check(a: Shape<2>, b: Shape<2>, qa: P2, qb: P2, truth: number): void {
  const r = shapeDistance2(a, b, { poseA: qa, poseB: qb });
  const eps = 1e-12 * (8 + a.reach + b.reach);
  expect(Math.abs(r.distance - truth)).toBeLessThan(eps);
  expect(r.lowerBound).toBeLessThanOrEqual(truth + 1e-14 * 8);
  expect(r.pointA.length).toBe(2);
  const gap = Math.hypot(r.pointB[0] - r.pointA[0], r.pointB[1] - r.pointA[1]);
  expect(Math.abs(gap - r.distance)).toBeLessThan(eps);
}

describe('2-D distances', () => {
  it('disc–disc and disc–rectangle in closed form', () => {
    fc.assert(
      fc.property(arbPose2, arbPose2, (qa, qb) => {
        const d = Math.hypot(qb.t[0] - qa.t[0], qb.t[1] - qa.t[1]);
        check(ball2(0.5), ball2(0.25), qa, qb, Math.max(0, d - 0.75));
        // The disc's centre in the rectangle's frame.
        const c = Math.cos(qa.angle),
          s = Math.sin(qa.angle);
        const x = c * (qb.t[0] - qa.t[0]) + s * (qb.t[1] - qa.t[1]);
        const y = -s * (qb.t[0] - qa.t[0]) + c * (qb.t[1] - qa.t[1]);
        const box = Math.hypot(Math.max(Math.abs(x) - 1, 0), Math.max(Math.abs(y) - 0.5, 0));
        check(cuboid2(1, 0.5), ball2(0.25), qa, qb, Math.max(0, box - 0.25));
      }),
      { numRuns: 300 },
    );
  });

  it('capsule2–capsule2: segment distance less the radii', () => {
    fc.assert(
      fc.property(arbPose2, arbPose2, (qa, qb) => {
        const d = segmentSegment(
          place2(qa, 0, -1),
          place2(qa, 0, 1),
          place2(qb, 0, -0.5),
          place2(qb, 0, 0.5),
        );
        check(capsule2(1, 0.25), capsule2(0.5, 0.125), qa, qb, Math.max(0, d - 0.375));
      }),
      { numRuns: 300 },
    );
  });

  it('polygon–polygon (and rounded) against all edge pairs', () => {
    const next = seeded(21);
    for (let k = 0; k < 40; k++) {
      const pts = (n: number, r: number) =>
        Array.from({ length: n }, () => [r * (2 * next() - 1), r * (2 * next() - 1)]).flat();
      const a = convexPolygon(pts(k % 2 ? 6 : 40, 1));
      const b = convexPolygon(pts(8, 0.5));
      for (let j = 0; j < 8; j++) {
        const qa: P2 = { angle: 7 * next(), t: [0, 0] };
        const qb: P2 = { angle: 7 * next(), t: [4 * next() - 2, 4 * next() - 2] };
        const truth = polygonDistance(ring(a, qa), ring(b, qb));
        check(a, b, qa, qb, truth);
        check(rounded(a, 0.1), b, qa, qb, Math.max(0, truth - 0.1));
      }
    }
  });

  it('evaluate2 places B by cosine and sine; overlap of polygons is intersecting with a common point', () => {
    const pair = new GjkPair(cuboid2(1, 1), cuboid2(1, 1));
    expect(pair.evaluate2(Math.cos(Math.PI / 4), Math.sin(Math.PI / 4), 3, 0)).toBeCloseTo(
      2 - Math.SQRT2,
      14,
    );
    expect(pair.evaluate2(1, 0, 1.5, 0.5)).toBe(0);
    expect(pair.intersecting).toBe(true);
    expect(Math.abs(pair.pointA[0])).toBeLessThanOrEqual(1);
    expect(pair.pointA[0]).toBeGreaterThanOrEqual(0.5);
  });
});

describe('GjkPair.evaluate2: B a subnormal away from A', () => {
  // Found by ccd's shape-motion2-rotation test: the cold start's direction t had squares that
  // underflow, |v| was 0 and the first support's bound +∞, on two polygons that share a vertex.
  it('two polygons sharing a vertex, B shifted by 2.5e-309: a lower bound of 0, not +∞', () => {
    const xy = Float64Array.from([
      0.5, 0, 0.49759236333609846, 0.0490085701647803, 0.4903926402016152, 0.09754516100806412,
    ]);
    const turn = 0.1963495408493641; // π/16 to a few ulps: B's vertex 2 onto A's vertex 2
    for (const tv of [2.472304287230225e-309, -5e-324, 1e-160, 1e-101]) {
      const pair = new GjkPair(convexPolygon(xy), convexPolygon(xy));
      const d = pair.evaluate2(Math.cos(turn), Math.sin(turn), 0, tv);
      expect(d).toBeLessThan(1e-12);
      expect(pair.lowerBound).toBeLessThan(1e-12);
    }
  });
});
