// AffinePair and LinearImage against oracles written here: hulls under affine maps as mapped
// triangle soups (all facet pairs), an ellipsoid (a mapped ball) against a point in closed form, the
// support of a mapped shape against the farthest mapped vertex, and the warm start carried across
// maps giving the cold start's answer.

import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  AffinePair,
  ball,
  ball2,
  convexHull,
  cuboid,
  LinearImage,
  mappedBoxDiagonal,
  rounded,
} from '../src/index.js';
import { mappedReach } from '../src/internal.js';
import { cloud, seeded } from './helpers.js';
import { hullTriangles, polytopeDistance } from './oracle/bodies.js';

type Map3 = { L: number[]; t: number[] };

/** A random map of positive determinant: a random matrix near a scaled rotation, made so if not. */
function randomMap(next: () => number, spread: number): Map3 {
  for (;;) {
    const L = Array.from({ length: 9 }, (_, i) => (i % 4 === 0 ? 1 : 0) + 0.8 * (2 * next() - 1));
    const det =
      L[0] * (L[4] * L[8] - L[5] * L[7]) -
      L[1] * (L[3] * L[8] - L[5] * L[6]) +
      L[2] * (L[3] * L[7] - L[4] * L[6]);
    if (det > 0.05) return { L, t: [0, 1, 2].map(() => spread * (2 * next() - 1)) };
  }
}

function mapPoints(T: Float64Array, m: Map3): Float64Array {
  const out = new Float64Array(T.length);
  const L = m.L;
  for (let i = 0; i < T.length; i += 3) {
    const x = T[i],
      y = T[i + 1],
      z = T[i + 2];
    out[i] = L[0] * x + L[1] * y + L[2] * z + m.t[0];
    out[i + 1] = L[3] * x + L[4] * y + L[5] * z + m.t[1];
    out[i + 2] = L[6] * x + L[7] * y + L[8] * z + m.t[2];
  }
  return out;
}

describe('LinearImage', () => {
  it('the support of a mapped hull is its farthest mapped vertex', () => {
    const next = seeded(11);
    for (let trial = 0; trial < 50; trial++) {
      const hull = convexHull(cloud(next, 12));
      const m = randomMap(next, 0);
      const image = new LinearImage(hull);
      image.setMap(m.L);
      const V = mapPoints(hull.vertices(), m);
      const d = new Float64Array([2 * next() - 1, 2 * next() - 1, 2 * next() - 1]);
      const out = new Float64Array(3);
      image.support(d, out);
      let best = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < V.length; i += 3)
        best = Math.max(best, V[i] * d[0] + V[i + 1] * d[1] + V[i + 2] * d[2]);
      expect(out[0] * d[0] + out[1] * d[1] + out[2] * d[2]).toBeCloseTo(best, 12);
    }
  });

  it('a ball through a singular map is a flat disc: its support along the collapsed axis is 0', () => {
    const image = new LinearImage(ball(2));
    image.setMap([1, 0, 0, 0, 1, 0, 0, 0, 0]);
    const out = new Float64Array(3);
    image.support(new Float64Array([0, 0, 1]), out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
    image.support(new Float64Array([3, 4, 1]), out);
    expect(out[0]).toBeCloseTo(1.2, 14);
    expect(out[1]).toBeCloseTo(1.6, 14);
    expect(out[2]).toBe(0);
  });
});

describe('AffinePair', () => {
  it('hulls under affine maps: the gap of all facet pairs of the mapped hulls, bounds on either side', () => {
    const next = seeded(7);
    for (let trial = 0; trial < 40; trial++) {
      const a = convexHull(cloud(next, 10));
      const b = convexHull(cloud(next, 10));
      const ma = randomMap(next, 0.5);
      const mb = randomMap(next, 0.5);
      mb.t[0] += 3;
      const pair = new AffinePair(a, b);
      const lower = pair.evaluateMaps(ma.L, ma.t, mb.L, mb.t);
      const truth = polytopeDistance(mapPoints(hullTriangles(a), ma), mapPoints(hullTriangles(b), mb));
      expect(lower).toBeLessThanOrEqual(truth * (1 + 1e-12) + 1e-12);
      expect(pair.distance).toBeGreaterThanOrEqual(truth * (1 - 1e-12) - 1e-12);
      expect(pair.distance - lower).toBeLessThanOrEqual(1e-10 * (1 + truth));
      // the witness points are the gap apart, in world coordinates
      const gap = Math.hypot(...[0, 1, 2].map((k) => pair.pointB[k] - pair.pointA[k]));
      expect(gap).toBeCloseTo(pair.distance, 10);
    }
  });

  it('the warm start carried through a sequence of maps gives the cold start’s answer', () => {
    const next = seeded(3);
    const a = convexHull(cloud(next, 30));
    const b = convexHull(cloud(next, 30));
    const warm = new AffinePair(a, b);
    const cold = new AffinePair(a, b);
    const m0 = randomMap(next, 0.2);
    const m1 = randomMap(next, 0.2);
    const n0 = randomMap(next, 0.2);
    const n1 = randomMap(next, 0.2);
    n0.t[1] += 4;
    n1.t[1] += 2.5;
    let warmSupports = 0;
    let coldSupports = 0;
    for (let s = 0; s <= 1; s += 1 / 32) {
      const lerp = (p: number[], q: number[]) => p.map((x, i) => x + s * (q[i] - x));
      const LA = lerp(m0.L, m1.L),
        tA = lerp(m0.t, m1.t),
        LB = lerp(n0.L, n1.L),
        tB = lerp(n0.t, n1.t);
      warm.evaluateMaps(LA, tA, LB, tB);
      cold.reset();
      cold.evaluateMaps(LA, tA, LB, tB);
      warmSupports += warm.iterations;
      coldSupports += cold.iterations;
      expect(warm.lowerBound).toBeCloseTo(cold.lowerBound, 10);
      expect(warm.distance).toBeCloseTo(cold.distance, 10);
    }
    expect(warmSupports).toBeLessThan(coldSupports);
  });

  it('a ball stretched into an ellipsoid: its gap to a point along each half axis', () => {
    const pair = new AffinePair(ball(1), rounded(cuboid(0.001, 0.001, 0.001), 0.001));
    const D = [3, 0.5, 0, 0, 2, 0, 0, 0, 0.25];
    // The ellipsoid's half axes: x stretched by 3 (with a shear from y), y by 2, z by 0.25.
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    pair.evaluateMaps(D, [0, 0, 0], I, [0, 0, 5]);
    expect(pair.lowerBound).toBeCloseTo(5 - 0.25 - 0.002, 9);
    expect(pair.distance - pair.lowerBound).toBeLessThan(1e-9);
  });

  it('refuses what is not a 3-D shape, naming the argument', () => {
    expect(() => new AffinePair(ball(1), ball2(1) as never)).toThrow(FirstTouchError);
    expect(() => new AffinePair(ball(1), ball2(1) as never)).toThrow(/AffinePair: b must be a 3-D shape/);
    expect(() => new AffinePair({} as never, ball(1))).toThrow(/AffinePair: a must be a shape/);
  });

  it('unbind drops the shapes', () => {
    const pair = new AffinePair(ball(1), ball(1));
    pair.unbind();
    expect(pair.imageA.shape).toBeNull();
    expect(pair.shapeA).toBeNull();
  });
});

describe('mappedBoxDiagonal', () => {
  it('is the diagonal of the box of the mapped vertices (hulls), and of the mapped primitives', () => {
    const next = seeded(19);
    for (let trial = 0; trial < 30; trial++) {
      const hull = convexHull(cloud(next, 15));
      const m = randomMap(next, 0);
      const V = mapPoints(hull.vertices(), m);
      const lo = [0, 1, 2].map((k) => Math.min(...V.filter((_, i) => i % 3 === k)));
      const hi = [0, 1, 2].map((k) => Math.max(...V.filter((_, i) => i % 3 === k)));
      expect(mappedBoxDiagonal(hull, m.L)).toBeCloseTo(Math.hypot(...hi.map((x, k) => x - lo[k])), 12);
      // a rounded hull: each width grows by twice the margin times the row's length
      const r = rounded(hull, 0.1);
      const w = [0, 1, 2].map(
        (k) => hi[k] - lo[k] + 0.2 * Math.hypot(m.L[3 * k], m.L[3 * k + 1], m.L[3 * k + 2]),
      );
      expect(mappedBoxDiagonal(r, m.L)).toBeCloseTo(Math.hypot(...w), 12);
    }
    // a unit ball through diag(1, 2, 3): a box of 2 × 4 × 6
    expect(mappedBoxDiagonal(ball(1), [1, 0, 0, 0, 2, 0, 0, 0, 3])).toBeCloseTo(Math.hypot(2, 4, 6), 14);
  });
});

describe('mappedReach', () => {
  it('bounds |x| over the mapped shape (its farthest mapped vertex), and is tight for a sheared slab', () => {
    const next = seeded(23);
    for (let trial = 0; trial < 30; trial++) {
      const hull = convexHull(cloud(next, 15));
      const m = randomMap(next, 0);
      const V = mapPoints(hull.vertices(), m);
      let far = 0;
      for (let i = 0; i < V.length; i += 3) far = Math.max(far, Math.hypot(V[i], V[i + 1], V[i + 2]));
      const r = mappedReach(hull, m.L);
      expect(r).toBeGreaterThanOrEqual(far * (1 - 1e-15));
      // and never above ‖L‖ times the reach, the bound it replaces
      expect(r).toBeLessThanOrEqual(Math.hypot(...m.L) * hull.reach * (1 + 1e-15));
    }
    // a slab 2/k thick sheared by k along x: 4 × 2/k × 2 in the world (its corner (2, 1/k, 1)), where
    // ‖L‖ reach is about k
    for (const k of [1e3, 1e12, 1e150]) {
      const r = mappedReach(cuboid(1, 1 / k, 1), [1, k, 0, 0, 1, 0, 0, 0, 1]);
      expect(r).toBeCloseTo(Math.hypot(2, 1 / k, 1), 12);
    }
    // a ball and a rounded cuboid: the margin grows the box
    expect(mappedReach(ball(1), [2, 0, 0, 0, 1, 0, 0, 0, 1])).toBeCloseTo(Math.sqrt(6), 14);
    expect(mappedReach(rounded(cuboid(1, 1, 1), 1), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeCloseTo(
      Math.sqrt(12),
      14,
    );
  });
});
