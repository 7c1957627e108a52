// SurfaceShapePair (src/distance/surface-shape-pair.ts) against brute force written here: a ball's
// gap to a surface is the distance from its centre to the nearest facet less its radius (every facet
// measured, point–triangle by the library's own closest-point routine); a cuboid against a surface is
// the same solid's surface (`box`) measured by surfaceDistance, whose triangle–triangle distances
// are checked against their own oracle.

import { ball, cuboid } from '@firsttouch/convex';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  box,
  icosphere,
  relativeTransform,
  SurfaceShapePair,
  surfaceDistance,
  triangleClosest,
} from '../src/index.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const vec = (r: number) => fc.tuple(real(-r, r), real(-r, r), real(-r, r));
const axis = vec(1).filter((v) => Math.hypot(...v) > 0.1);

/** The distance from (x, y, z) to the nearest facet of `s`, every facet visited. */
function pointSurface(s: ReturnType<typeof icosphere>, p: readonly number[]): number {
  const lam = new Float64Array(4);
  let best = Number.POSITIVE_INFINITY;
  for (let f = 0; f < s.facetCount; f++) {
    const T = s.facet(f);
    triangleClosest(T[0], T[1], T[2], T[3], T[4], T[5], T[6], T[7], T[8], p[0], p[1], p[2], lam);
    const q = [0, 1, 2].map((k) => lam[0] * T[k] + lam[1] * T[3 + k] + lam[2] * T[6 + k]);
    best = Math.min(best, Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]));
  }
  return best;
}

describe('SurfaceShapePair', () => {
  it('a ball against a surface: the nearest facet to the centre, less the radius', () => {
    const surface = icosphere(0.7, 2).translate([0.2, 0, 0]);
    const pair = new SurfaceShapePair();
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(vec(2), axis, real(0, Math.PI), real(0.01, 0.5), (c, k, angle, r) => {
        pair.bind(surface, ball(r));
        relativeTransform(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle(k, angle, c), R, t);
        const lower = pair.evaluate(R, t);
        const truth = Math.max(0, pointSurface(surface, c) - r);
        expect(lower).toBeLessThanOrEqual(truth + 1e-12);
        expect(lower).toBeGreaterThanOrEqual(truth - 1e-12);
        if (truth > 1e-9) {
          expect(Math.abs(pair.distance - truth)).toBeLessThan(1e-12);
          const gap = Math.hypot(...[0, 1, 2].map((i) => pair.pointB[i] - pair.pointA[i]));
          expect(Math.abs(gap - pair.distance)).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a cuboid against a surface: the same as the cuboid as a box surface, where neither holds the other', () => {
    const surface = icosphere(0.5, 2);
    const pair = new SurfaceShapePair(surface, cuboid(0.3, 0.2, 0.1));
    const shell = box([0.6, 0.4, 0.2]);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(vec(1.5), axis, real(0, Math.PI), (c, k, angle) => {
        const poseB = poseFromAxisAngle(k, angle, c);
        const truth = surfaceDistance(surface, shell, { poseB });
        // a box inside the sphere (or the sphere inside it) is apart as surfaces, not as these bodies
        if (Math.hypot(...c) < 0.2) return;
        relativeTransform(poseFromAxisAngle([0, 0, 1], 0), poseB, R, t);
        const lower = pair.evaluate(R, t);
        expect(Math.abs(lower - truth.distance)).toBeLessThan(1e-12);
        expect(pair.facet).toBeGreaterThanOrEqual(0);
        expect(pair.facet).toBeLessThan(surface.facetCount);
      }),
      { numRuns: 150 },
    );
  });
});
