// The convex path of SurfacePair (GJK on the vertex hulls, then the candidate facet pairs at the
// closest features) against the trees alone: the same distance, facets, points and flags, bit for
// bit, on convex bodies at random poses, at exact placements full of ties, far from the origin, and
// along motions (evaluateMoved). The trees are checked against the independent oracle elsewhere.

import { identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, cylinder, icosphere, relativeTransform, Surface, SurfacePair } from '../src/index.js';
import { arbConvex, arbPose, offsetPose, pairDifference, randomPose, rng, soupOf } from './helpers.js';

const difference = pairDifference;

interface Tally {
  calls: number;
  hulls: number;
}

/** Evaluates with the convex path and with the trees at one placement; returns whether the hulls answered. */
function compare(a: Surface, b: Surface, poseA: Pose3, poseB: Pose3, tally: Tally, label = ''): void {
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  const hull = new SurfacePair(a, b);
  const trees = new SurfacePair(a, b);
  trees.convex = false;
  hull.evaluate(R, t);
  trees.evaluate(R, t);
  expect(difference(hull, trees), label).toBeNull();
  tally.calls++;
  if (hull.volumePairs === 0) {
    tally.hulls++;
    // Every pair left out was proved farther: the bound is the gap itself.
    expect(hull.lowerBound).toBe(hull.distance);
    expect(hull.facetPairs).toBeGreaterThan(0);
  }
  expect(trees.volumePairs).toBeGreaterThan(0);
}

describe('SurfacePair: the convex path gives the trees’ answer bit for bit', { timeout: 120_000 }, () => {
  it('random convex bodies at random poses', () => {
    const tally = { calls: 0, hulls: 0 };
    fc.assert(
      fc.property(arbConvex, arbConvex, arbPose(1.5), arbPose(1.5), (a, b, pa, pb) => {
        compare(a, b, pa, pb, tally);
      }),
      { numRuns: 300, seed: 5301 },
    );
    // Most random poses leave the bodies apart: the path must have answered them.
    expect(tally.hulls).toBeGreaterThan(0.3 * tally.calls);
  });

  it('exact placements full of ties: faces parallel, edges crossing, vertices over faces', () => {
    const tally = { calls: 0, hulls: 0 };
    const I = identityPose();
    const shapes = [box(1, 2), box(1, 4), box([1, 0.5, 2], 3), icosphere(0.5, 1), cylinder(0.5, 1, 12)];
    for (const a of shapes) {
      for (const b of shapes) {
        for (const [dx, dy, dz] of [
          [1.5, 0, 0],
          [1.25, 0.25, 0],
          [1.5, 0.5, 0.5],
          [0, 0, 1.75],
          [1.125, 1.125, 0],
        ]) {
          compare(a, b, I, poseFromAxisAngle([0, 0, 1], 0, [dx, dy, dz]), tally, `${dx} ${dy} ${dz}`);
          compare(a, b, I, poseFromAxisAngle([0, 0, 1], Math.PI / 2, [dx, dy, dz]), tally);
          compare(a, b, I, poseFromAxisAngle([1, 1, 0], Math.PI / 4, [dx, dy, dz]), tally);
        }
      }
    }
    expect(tally.hulls).toBeGreaterThan(0.5 * tally.calls);
  });

  it('1e4 and 1e6 from the origin', () => {
    const r = rng(5302);
    const tally = { calls: 0, hulls: 0 };
    for (let k = 0; k < 60; k++) {
      const a = icosphere(0.4, k % 3).scale(1, 0.5 + r(), 1);
      const b = box(0.5, 1 + (k % 3));
      const pa = randomPose(r, 0.2);
      const pb = randomPose(r, 1.5);
      for (const offset of [1e4, 1e6]) compare(a, b, offsetPose(pa, offset), offsetPose(pb, offset), tally);
    }
    expect(tally.hulls).toBeGreaterThan(0.3 * tally.calls);
  });

  it('a large convex body (checked around each facet, supports climbed) against a small one', () => {
    const r = rng(5303);
    const tally = { calls: 0, hulls: 0 };
    const a = icosphere(0.5, 5); // 20 480 facets
    const b = box(0.05, 2);
    for (let k = 0; k < 30; k++) compare(a, b, randomPose(r, 0.05), randomPose(r, 0.9), tally);
    expect(tally.hulls).toBeGreaterThan(0.3 * tally.calls);
  });

  it('evaluateMoved takes the same path and gives the same answer along a motion', () => {
    const a = icosphere(0.5, 2);
    const b = box(0.3, 2);
    const moved = new SurfacePair(a, b);
    const plain = new SurfacePair(a, b);
    const trees = new SurfacePair(a, b);
    trees.convex = false;
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    let hulls = 0;
    for (let k = 0; k <= 100; k++) {
      const s = k / 100;
      // B passes through A: apart, crossing, apart again.
      const pose = poseFromAxisAngle([0.3, 1, 0.2], 2 * s, [1.5 - 3 * s, 0.1, 0.05]);
      relativeTransform(identityPose(), pose, R, t);
      moved.evaluateMoved(R, t, Number.POSITIVE_INFINITY);
      plain.evaluate(R, t);
      trees.evaluate(R, t);
      expect(difference(moved, plain), `s = ${s}`).toBeNull();
      expect(difference(plain, trees), `s = ${s}`).toBeNull();
      if (plain.volumePairs === 0) hulls++;
    }
    expect(hulls).toBeGreaterThan(30);
  });

  it('bodies not both convex, or crossing, take the trees', () => {
    const cube = box(1);
    const pair = new SurfacePair(icosphere(0.5, 1), cube);
    const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    pair.evaluate(R, new Float64Array([3, 0, 0]));
    expect(pair.volumePairs).toBe(0);
    // crossing: the hulls overlap
    pair.evaluate(R, new Float64Array([0.4, 0, 0]));
    expect(pair.intersecting).toBe(true);
    expect(pair.volumePairs).toBeGreaterThan(0);
    // the cube without its last facet: open, not convex
    const open = Surface.fromTriangles(soupOf(cube).subarray(0, 9 * (cube.facetCount - 1)));
    pair.rebind(icosphere(0.5, 1), open);
    pair.evaluate(R, new Float64Array([3, 0, 0]));
    expect(pair.volumePairs).toBeGreaterThan(0);
  });
});
