// 3-D point sets: any count of points (flat, collinear, a single point) as a shape; large sets climb
// over their hull to the scanned support.

import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CastStatus, CLIMB_FROM, castShape, convexHull, convexPolygon, pointSet } from '../src/index.js';
import { cloud, seeded, sphere, unit3 } from './helpers.js';

describe('pointSet', () => {
  it('one point, a segment, a flat triangle: scanned, vertices as given', () => {
    const out = new Float64Array(3);
    const p = pointSet([1, 2, 3]);
    expect(p.support(Float64Array.of(0, 0, -1), out)).toBe(0);
    expect(Array.from(out)).toEqual([1, 2, 3]);
    expect(p.reach).toBeCloseTo(Math.hypot(1, 2, 3), 15);
    const tri = pointSet([0, 0, 0, 2, 0, 0, 0, 2, 0]);
    expect(tri.support(Float64Array.of(-1, 1, 5), out)).toBe(2);
    expect(Array.from(tri.bounds().max)).toEqual([2, 2, 0]);
    // A large flat set: no volume to climb around, scanned.
    const next = seeded(6);
    const flat = Array.from({ length: 100 }, () => [next(), next(), 0.5]).flat();
    const s = pointSet(flat);
    expect(s.climb).toBe(false);
    expect(s.params.vertices).toBe(100);
  });

  it('a large cloud keeps its hull vertices and climbs to the scanned support', () => {
    const next = seeded(7);
    // Points on a sphere and inside it: the sphere's are the hull's vertices, enough to climb.
    const p = Float64Array.of(...sphere(next, 300), ...cloud(next, 100, 0.9));
    const s = pointSet(p);
    const h = convexHull(p);
    expect(s.climb).toBe(true);
    expect(s.params.count).toBe(400);
    expect(s.params.vertices).toBe(300);
    expect(s.params.vertices).toBe(h.params.vertices);
    expect(Array.from(s.sourceIndices())).toEqual(Array.from(h.sourceIndices()));
    const out = new Float64Array(3);
    let from = -1;
    for (let k = 0; k < 200; k++) {
      const d = unit3(next);
      from = s.support(Float64Array.from(d), out, from);
      let best = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < p.length; i += 3)
        best = Math.max(best, d[0] * p[i] + d[1] * p[i + 1] + d[2] * p[i + 2]);
      expect(d[0] * out[0] + d[1] * out[1] + d[2] * out[2]).toBe(best);
      // The index names a vertex, whose source is an input point.
      const src = s.sourceIndices()[from];
      expect([p[3 * src], p[3 * src + 1], p[3 * src + 2]]).toEqual(Array.from(out));
    }
    expect(pointSet(sphere(next, CLIMB_FROM - 1)).climb).toBe(false);
    expect(pointSet(cloud(next, 400)).climb).toBe(false);
  });

  it('support: a hint that is not a vertex index is no hint; a direction of any size finds the same point', () => {
    const next = seeded(19);
    const hull = convexHull(sphere(next, 300)); // climbs
    const ring = convexPolygon(
      Array.from({ length: 40 }, (_, k) => [Math.cos(k / 6.4), Math.sin(k / 6.4)]).flat(),
    );
    const out = new Float64Array(3);
    const got = new Float64Array(3);
    for (const [s, d] of [
      [hull, Float64Array.of(0.3, -0.2, 0.9)],
      [ring, Float64Array.of(-0.4, 0.7)],
    ] as const) {
      const want = s.support(d, out);
      for (const from of [2.5, null, Number.NaN, -1, 1e9, '3', {}]) {
        expect(s.support(d, got, from as never)).toBe(want);
        expect(Array.from(got)).toEqual(Array.from(out));
      }
    }
    // Points at 1e±200 along directions of their own size (the heights overflowed or underflowed: the
    // first point came back), and a unit shape along a subnormal direction.
    for (const scale of [1e-200, 1e200, 1]) {
      const p = Float64Array.of(0.5, 0.5, 0, 1, 0, 0, 0, 1, 0, -1, 0, 0, 0, 0, 1).map((x) => x * scale);
      for (const shape of [convexHull(p), pointSet(p)]) {
        const d = Float64Array.of(1, 0.5, 0);
        const want = shape.support(d, out);
        expect(Array.from(out)).toEqual([scale, 0, 0]);
        for (const size of scale === 1 ? [5e-324 * 2 ** 10, 1e-300] : [scale]) {
          expect(
            shape.support(
              d.map((x) => x * size),
              got,
            ),
          ).toBe(want);
          expect(Array.from(got)).toEqual(Array.from(out));
        }
      }
    }
  });

  it('castShape of two single points: a positive default tolerance (1e-6 of the largest coordinate, at least 1e-6)', () => {
    const I = identityPose();
    const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0.5, 0]);
    const r = castShape(pointSet([0, 0, 0]), pointSet([0, 0, 0]), { a: [I, I], b: [at(2), at(-2)] });
    expect(r.tolerance).toBe(1e-6);
    expect(r.status).toBe(CastStatus.Separate);
    const far = castShape(pointSet([5, 0, 0]), pointSet([0, 0, 0]), { a: [I, I], b: [at(2), at(-2)] });
    expect(far.tolerance).toBe(1e-6 * 5);
  });
});
