// ConvexSurfacePair (GJK on the vertex hulls) against the independent oracle (all facet pairs):
// its bound never exceeds the surface distance (to a few ulps of the scale), for any bodies; for convex bodies apart it is the
// gap to within 1e-13 of the scene, and the facets it resolves meet that gap.

import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import bunnyData from 'bunny';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { triangleClosestAt } from '../src/convex/triangle-closest.js';
import {
  box,
  CONVEX_CHECK_LIMIT,
  ConvexSurfacePair,
  convexSurface,
  cylinder,
  icosphere,
  relativeTransform,
  Surface,
  SurfacePair,
  triangleClosest,
} from '../src/index.js';
import { arbConvex, arbPose, offsetPose, quantize, randomPose, rng, soupOf } from './helpers.js';
import { surfaceOracle } from './oracle/bodies.js';

function placement(poseA: Pose3, poseB: Pose3): { R: Float64Array; t: Float64Array } {
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  return { R, t };
}

/** The rounding a bound may carry above the exact gap: a few ulps of the scale. */
const ULPS = 4 * Number.EPSILON;

/** Checks one pose pair; returns whether the hulls were apart (the tight case). */
function check(a: Surface, b: Surface, poseA: Pose3, poseB: Pose3): boolean {
  const { R, t } = placement(poseA, poseB);
  const hulls = new ConvexSurfacePair(a, b);
  const lower = hulls.evaluate(R, t);
  const oracle = surfaceOracle(soupOf(a), soupOf(b), poseA, poseB, () => 0);
  // Never above the surface distance, for any bodies, to rounding (a few ulps of the scale).
  const scale =
    Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + convexSurface(a).reach + convexSurface(b).reach;
  expect(lower).toBeLessThanOrEqual(oracle.distance + ULPS * scale);
  expect(lower).toBe(hulls.lowerBound);
  // The bound is a separation along lowerAxis: every vertex of B (placed) lies that far beyond every
  // vertex of A along it, to rounding; a unit axis, or zeros with a bound of 0.
  const u = hulls.lowerAxis;
  if (lower > 0) {
    expect(Math.abs(Math.hypot(u[0], u[1], u[2]) - 1)).toBeLessThan(1e-12);
    let maxA = Number.NEGATIVE_INFINITY;
    const pa = convexSurface(a).points;
    for (let k = 0; k < pa.length; k += 3)
      maxA = Math.max(maxA, u[0] * pa[k] + u[1] * pa[k + 1] + u[2] * pa[k + 2]);
    let minB = Number.POSITIVE_INFINITY;
    const pb = convexSurface(b).points;
    for (let k = 0; k < pb.length; k += 3) {
      const x = pb[k],
        y = pb[k + 1],
        z = pb[k + 2];
      const px = R[0] * x + R[1] * y + R[2] * z + t[0];
      const py = R[3] * x + R[4] * y + R[5] * z + t[1];
      const pz = R[6] * x + R[7] * y + R[8] * z + t[2];
      minB = Math.min(minB, u[0] * px + u[1] * py + u[2] * pz);
    }
    expect(minB - maxA).toBeGreaterThanOrEqual(lower - ULPS * scale);
  } else expect(Array.from(u)).toEqual([0, 0, 0]);
  // Tight when clearly apart (touching within rounding, the bound is 0 or a few ulps: certified only).
  if (!(hulls.usable && !oracle.intersecting && oracle.distance > 1e-9 * scale)) return false;
  const nested = hulls.overlap;
  if (nested) {
    // One body inside the other: the hulls overlap while the surfaces do not touch.
    expect(lower).toBe(0);
    return false;
  }
  expect(hulls.converged).toBe(true);
  expect(oracle.distance - lower).toBeLessThanOrEqual(2e-13 * scale);
  expect(hulls.upperBound).toBeGreaterThanOrEqual(lower - ULPS * scale);
  const pair = new SurfacePair(a, b);
  expect(hulls.resolve(R, t, pair)).toBe(true);
  expect(Math.abs(pair.distance - oracle.distance)).toBeLessThanOrEqual(2e-13 * scale);
  const pa = pair.pointA;
  const pb = pair.pointB;
  expect(
    Math.abs(Math.hypot(pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]) - pair.distance),
  ).toBeLessThanOrEqual(1e-13 * scale);
  // The resolved facets are a closest pair of the oracle (to the same tolerance).
  const near = oracle.near.length;
  expect(near).toBeGreaterThan(0);
  return true;
}

describe('convexSurface: which surfaces take the convex path', () => {
  it('boxes, spheres, cylinders and their stretched copies are convex; the bunny, open and folded surfaces are not', () => {
    expect(convexSurface(box(1)).convex).toBe(true);
    expect(convexSurface(box([2, 0.01, 1], 3)).convex).toBe(true);
    expect(convexSurface(icosphere(1, 3)).convex).toBe(true);
    expect(convexSurface(cylinder(0.5, 2, 16).scale(1, 3, 0.2)).convex).toBe(true);
    const bunny = Surface.fromIndexed(bunnyData.positions.flat(), bunnyData.cells.flat());
    expect(convexSurface(bunny).convex).toBe(false);
    // a cube without its last facet: open, its hull has a face the surface lacks
    const cube = box(1);
    const open = Surface.fromTriangles(soupOf(cube).subarray(0, 9 * (cube.facetCount - 1)));
    expect(convexSurface(open).convex).toBe(false);
    // one triangle: open
    expect(convexSurface(Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0])).convex).toBe(false);
    // a cube with one vertex pushed in: closed but not convex
    const pos = new Float64Array(cube.positions);
    for (let i = 0; i < pos.length; i += 3) {
      if (pos[i] > 0 && pos[i + 1] > 0 && pos[i + 2] > 0) pos[i] = pos[i + 1] = pos[i + 2] = 0.2;
    }
    expect(convexSurface(Surface.fromIndexed(pos, cube.indices)).convex).toBe(false);
  });

  it('past the global check limit, the check around each facet decides, and the surface must be one piece', () => {
    const big = icosphere(1, 6); // 40 962 points × 81 920 facets: past the limit
    expect(convexSurface(big).count * big.facetCount).toBeGreaterThan(CONVEX_CHECK_LIMIT);
    expect(convexSurface(big).convex).toBe(true);
    // one vertex pushed in by a tenth of the radius: a dent, found around that vertex
    const pos = new Float64Array(big.positions);
    for (let k = 0; k < 3; k++) pos[k] *= 0.9;
    expect(convexSurface(Surface.fromIndexed(pos, big.indices)).convex).toBe(false);
    // two spheres side by side: each is convex where it stands, not the two together
    const twin = Surface.fromTriangles(
      Float64Array.from([...soupOf(big), ...soupOf(big.translate([3, 0, 0]))]),
    );
    expect(convexSurface(twin).convex).toBe(false);
  });

  it('climbing to the supports gives the bound of the scan on convex bodies', () => {
    const r = rng(4203);
    for (let k = 0; k < 40; k++) {
      const a = icosphere(0.5, 3).scale(1, 0.5 + r(), 1);
      const b = box(0.4, 2);
      const { R, t } = placement(randomPose(r, 0.1), randomPose(r, 2));
      const scan = new ConvexSurfacePair(a, b);
      const climb = new ConvexSurfacePair(a, b);
      climb.climb = true;
      const s = scan.evaluate(R, t);
      const c = climb.evaluate(R, t);
      expect(climb.converged).toBe(scan.converged);
      expect(Math.abs(c - s)).toBeLessThanOrEqual(1e-13 * 4);
    }
  });

  it('two convex bodies side by side are not one convex surface', () => {
    const small = icosphere(1, 1);
    const twin = Surface.fromTriangles(
      Float64Array.from([...soupOf(small), ...soupOf(small.translate([3, 0, 0]))]),
    );
    expect(convexSurface(twin).convex).toBe(false);
  });

  it('welds the corners of a soup and lists the facets around each point', () => {
    const c = convexSurface(box(1));
    expect(c.count).toBe(8);
    for (let v = 0; v < c.count; v++) {
      const around = Array.from(c.facets.subarray(c.start[v], c.start[v + 1]));
      expect(around.length).toBeGreaterThanOrEqual(3);
      for (const f of around) expect(Array.from(c.corners.subarray(3 * f, 3 * f + 3))).toContain(v);
    }
  });
});

describe('ConvexSurfacePair against the oracle', { timeout: 120_000 }, () => {
  it('random convex bodies at random poses: certified, and tight when apart', () => {
    let apart = 0;
    fc.assert(
      fc.property(arbConvex, arbConvex, arbPose(1.5), arbPose(1.5), (a, b, pa, pb) => {
        if (check(a, b, pa, pb)) apart++;
      }),
      { numRuns: 250, seed: 4201 },
    );
    expect(apart).toBeGreaterThan(50);
  });

  it('the same scenes 1e4 and 1e6 from the origin: the error stays a share of the bodies, not of the coordinates', () => {
    const r = rng(4202);
    let apart = 0;
    for (let k = 0; k < 60; k++) {
      const a = box(1, 2).scale(0.3 + r(), 0.3 + r(), 0.3 + r());
      const b = icosphere(0.4, 1).scale(0.5 + r(), 1, 0.7);
      const pa = randomPose(r, 1);
      const pb = randomPose(r, 1.5);
      pa.t.set(pa.t.map(quantize));
      pb.t.set(pb.t.map(quantize));
      for (const offset of [1e4, 1e6])
        if (check(a, b, offsetPose(pa, offset), offsetPose(pb, offset))) apart++;
    }
    expect(apart).toBeGreaterThan(40);
  });

  it('warm starts along a path give the answers of fresh searches', () => {
    const a = cylinder(0.4, 1, 12);
    const b = box(0.3, 2);
    const warm = new ConvexSurfacePair(a, b);
    const poseA = poseFromAxisAngle([0, 0, 1], 0);
    for (let s = 0; s <= 1; s += 1 / 64) {
      const poseB = poseFromAxisAngle([1, 1, 0], 3 * s, [2 - 3 * s, 0.1, 0.2]);
      const { R, t } = placement(poseA, poseB);
      const fresh = new ConvexSurfacePair(a, b);
      const lf = fresh.evaluate(R, t);
      const lw = warm.evaluate(R, t);
      expect(Math.abs(lw - lf)).toBeLessThanOrEqual(1e-13 * 6);
      expect(warm.overlap).toBe(fresh.overlap);
    }
  });

  it('overlapping and nested bodies: the bound is 0, never above the surfaces’ gap', () => {
    const big = box(2);
    const small = box(0.5);
    const I = poseFromAxisAngle([0, 0, 1], 0);
    expect(check(big, small, I, poseFromAxisAngle([0, 1, 0], 0.3, [0.1, 0, 0]))).toBe(false);
    const hulls = new ConvexSurfacePair(big, small);
    expect(hulls.evaluate(new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), new Float64Array([0.2, 0, 0]))).toBe(
      0,
    );
    expect(hulls.overlap).toBe(true);
    // crossing
    expect(check(box(1), box(1), I, poseFromAxisAngle([1, 0, 0], 0.5, [0.8, 0, 0]))).toBe(false);
  });

  it('non-convex bodies: the bound still holds (the bunny against a pebble)', () => {
    const bunny = Surface.fromIndexed(bunnyData.positions.flat(), bunnyData.cells.flat()).scale(0.1);
    const pebble = box(0.04, 2);
    const r = rng(4203);
    const hulls = new ConvexSurfacePair(bunny, pebble);
    expect(hulls.usable).toBe(false);
    const exact = new SurfacePair(bunny, pebble);
    for (let k = 0; k < 40; k++) {
      const { R, t } = placement(poseFromAxisAngle([0, 0, 1], 0), randomPose(r, 1));
      const scale = Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + 2;
      expect(hulls.evaluate(R, t)).toBeLessThanOrEqual(exact.evaluate(R, t) + ULPS * scale);
    }
  });
});

describe('ConvexSurfacePair.evaluateBound: the bound alone, the points at resolve', () => {
  /** Every field an evaluation and a resolve leave, bit for bit. */
  function state(hulls: ConvexSurfacePair, pair: SurfacePair, resolved: boolean): unknown[] {
    return [
      hulls.lowerBound,
      hulls.upperBound,
      hulls.overlap,
      hulls.converged,
      hulls.iterations,
      resolved,
      ...(resolved ? [...hulls.pointA, ...hulls.pointB, pair.distance, pair.facetA, pair.facetB] : []),
      ...(resolved ? [...pair.pointA, ...pair.pointB] : []),
    ];
  }

  it('along paths of random convex bodies: the same bounds, warm starts and witnesses as evaluate', () => {
    let resolved = 0;
    fc.assert(
      fc.property(arbConvex, arbConvex, arbPose(1.5), arbPose(1.5), (a, b, p0, p1) => {
        const full = new ConvexSurfacePair(a, b);
        const bound = new ConvexSurfacePair(a, b);
        const pf = new SurfacePair(a, b);
        const pb = new SurfacePair(a, b);
        for (let k = 0; k <= 8; k++) {
          // B slides from p1 towards A's pose: apart, then touching or crossing
          const s = k / 8;
          const poseB = {
            R: p1.R,
            t: Float64Array.from([0, 1, 2], (i) => (1 - s) * p1.t[i] + s * p0.t[i]),
          };
          const { R, t } = placement(p0, poseB);
          expect(Object.is(bound.evaluateBound(R, t), full.evaluate(R, t))).toBe(true);
          // resolve on every other step only: the points left out must not leak into the next search
          if (k % 2 === 1) continue;
          const rf = full.resolve(R, t, pf);
          const rb = bound.resolve(R, t, pb);
          expect(state(bound, pb, rb)).toEqual(state(full, pf, rf));
          if (rb) resolved++;
        }
      }),
      { numRuns: 120, seed: 4204 },
    );
    expect(resolved).toBeGreaterThan(100);
  });

  it('the facets of each point are listed once and in order, and its four arrays share one buffer', () => {
    for (const s of [box(1, 3), icosphere(1, 2), cylinder(0.5, 1, 9)]) {
      const c = convexSurface(s);
      expect(c.corners.buffer).toBe(c.points.buffer);
      expect(c.start.buffer).toBe(c.points.buffer);
      expect(c.facets.buffer).toBe(c.points.buffer);
      expect(c.start[c.count]).toBe(c.facets.length);
      for (let v = 0; v < c.count; v++) {
        const around = Array.from(c.facets.subarray(c.start[v], c.start[v + 1]));
        expect(around).toEqual([...new Set(around)].sort((x, y) => x - y));
      }
    }
  });
});

describe('triangleClosestAt: triangleClosest on points read from arrays', () => {
  it('the same weights and squared distance, bit for bit, flat triangles included', () => {
    const r = rng(4205);
    const lam = new Float64Array(3);
    const out = new Float64Array(4);
    for (let k = 0; k < 2000; k++) {
      // a few coordinates repeated, so that some triangles are flat or points, and points sit on them
      const pool = Array.from({ length: 4 }, () => r() * 2 - 1);
      const x = Array.from({ length: 12 }, () => (r() < 0.3 ? pool[Math.floor(4 * r())] : r() * 2 - 1));
      if (k % 5 === 0)
        for (let i = 3; i < 9; i++) x[i] = x[i % 3] + (i < 6 ? 1 : 2) * (x[3 + (i % 3)] - x[i % 3]);
      const d = triangleClosest(
        x[0],
        x[1],
        x[2],
        x[3],
        x[4],
        x[5],
        x[6],
        x[7],
        x[8],
        x[9],
        x[10],
        x[11],
        lam,
      );
      // corners and point at scattered offsets of two arrays
      const P = new Float64Array(20);
      const Q = new Float64Array(5);
      P.set(x.slice(6, 9), 1);
      P.set(x.slice(0, 3), 7);
      P.set(x.slice(3, 6), 13);
      Q.set(x.slice(9, 12), 2);
      triangleClosestAt(P, 7, 13, 1, Q, 2, out);
      expect([...out]).toEqual([...lam, d]);
    }
  });
});
