// GJK's planar loop (`GjkPair.evaluate2`, the distance of every 2-D shape and of mesh's curves)
// against the spatial loop on the same pairs placed in z = 0, warm against cold, and on a point set
// its owner rewrites between calls (mesh's segment in hand).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ball2, capsule2, convexPolygon, cuboid2, GjkPair, rounded, type Shape } from '../src/index.js';
import { pointCore } from '../src/internal.js';
import { polygonDistance } from './oracle/polygons.js';

/** Every 2-D core: a point, a segment, a box, a small polygon, a large one, and one rounded. */
function kinds(): Shape<2>[] {
  const big: number[] = [];
  for (let k = 0; k < 40; k++)
    big.push(0.5 * Math.cos((2 * Math.PI * k) / 40), 0.3 * Math.sin((2 * Math.PI * k) / 40));
  return [
    ball2(0.3),
    capsule2(0.4, 0.1),
    cuboid2(0.5, 0.2),
    convexPolygon([0, 0, 0.6, 0.1, 0.3, 0.5, -0.1, 0.3]),
    convexPolygon(big),
    rounded(convexPolygon([-0.2, -0.2, 0.3, -0.1, 0, 0.4]), 0.05),
  ];
}

const arbPlacement = fc.tuple(
  fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.double({ min: -2, max: 2, noNaN: true }),
);

describe('GJK in the plane', () => {
  it('gives the bounds of the spatial loop on the same pair in z = 0', () => {
    const shapes = kinds();
    const planar = new GjkPair();
    const spatial = new GjkPair();
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(
        fc.nat(shapes.length - 1),
        fc.nat(shapes.length - 1),
        arbPlacement,
        (i, j, [angle, u, v]) => {
          const a = shapes[i];
          const b = shapes[j];
          const c = Math.cos(angle),
            s = Math.sin(angle);
          planar.bind(a, b);
          spatial.bind(a, b);
          const lower = planar.evaluate2(c, s, u, v);
          R.set([c, -s, 0, s, c, 0, 0, 0, 1]);
          t.set([u, v, 0]);
          const other = spatial.evaluate(R, t);
          const tol = 1e-12 * (4 + a.reach + b.reach);
          expect(planar.intersecting).toBe(spatial.intersecting);
          expect(Math.abs(lower - other)).toBeLessThan(tol);
          expect(Math.abs(planar.distance - spatial.distance)).toBeLessThan(tol);
          // The bound is certified by the two supports behind it, which lie in the plane.
          expect(planar.lowerPointA[2]).toBe(0);
          expect(planar.lowerPointB[2]).toBe(0);
          if (lower > 0) {
            const gap =
              (planar.lowerPointB[0] - planar.lowerPointA[0]) * planar.lowerAxis[0] +
              (planar.lowerPointB[1] - planar.lowerPointA[1]) * planar.lowerAxis[1];
            expect(Math.abs(gap - a.margin - b.margin - lower)).toBeLessThan(tol);
          }
          // The two points found lie `distance` apart.
          const d = Math.hypot(planar.pointB[0] - planar.pointA[0], planar.pointB[1] - planar.pointA[1]);
          expect(Math.abs(d - planar.distance)).toBeLessThan(tol);
        },
      ),
      { numRuns: 2000, seed: 5101 },
    );
  });

  it('warm-started along a sequence of placements, answers as a fresh pair does', () => {
    const shapes = kinds();
    fc.assert(
      fc.property(
        fc.nat(shapes.length - 1),
        fc.nat(shapes.length - 1),
        fc.array(arbPlacement, { minLength: 2, maxLength: 12 }),
        (i, j, placements) => {
          const warm = new GjkPair(shapes[i], shapes[j]);
          const tol = 1e-12 * (4 + shapes[i].reach + shapes[j].reach);
          for (const [angle, u, v] of placements) {
            const c = Math.cos(angle),
              s = Math.sin(angle);
            const cold = new GjkPair(shapes[i], shapes[j]);
            expect(Math.abs(warm.evaluate2(c, s, u, v) - cold.evaluate2(c, s, u, v))).toBeLessThan(tol);
          }
        },
      ),
      { numRuns: 400, seed: 5102 },
    );
  });

  it('reads a rewritten point set (3 numbers a point, z = 0) again by its ids', () => {
    // A segment in hand, rewritten between calls as mesh's curve–shape pair does: the warm simplex's
    // points must be read again from the new segment (with the set's own stride).
    const seg = pointCore(2);
    seg.reach = 4;
    const box = cuboid2(0.3, 0.2);
    const pair = new GjkPair();
    pair.bindShapes(seg.shape, box);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 4, maxLength: 4 }),
        arbPlacement,
        ([x0, y0, x1, y1], [angle, u, v]) => {
          seg.points.set([x0, y0, 0, x1, y1, 0]);
          const c = Math.cos(angle),
            s = Math.sin(angle);
          const lower = pair.evaluate2(c, s, u, v);
          // The oracle: the segment against the box's four corners placed, all edge pairs.
          const corners: [number, number, number][] = [
            [-0.3, -0.2],
            [0.3, -0.2],
            [0.3, 0.2],
            [-0.3, 0.2],
          ].map(([x, y]) => [c * x - s * y + u, s * x + c * y + v, 0]);
          const truth = polygonDistance(
            [
              [x0, y0, 0],
              [x1, y1, 0],
            ],
            corners,
          );
          const tol = 1e-12 * 8;
          expect(lower).toBeLessThanOrEqual(truth + tol);
          expect(Math.abs(pair.distance - truth)).toBeLessThan(tol);
        },
      ),
      { numRuns: 1000, seed: 5103 },
    );
  });
});
