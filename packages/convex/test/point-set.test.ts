// 3-D point sets: any count of points (flat, collinear, a single point) as a shape; large sets climb
// over their hull to the scanned support.

import { describe, expect, it } from 'vitest';
import { CLIMB_FROM, convexHull, pointSet } from '../src/index.js';
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
});
