// The hull search of SurfacePair (a small convex B: A's tree alone, each facet of A bounded against
// B's vertex hull by GJK) against the descent of both trees: the same distance, facets, points and
// flags, bit for bit, on random and exact placements, touching and crossing, B inside A, far from the
// origin and along motions. The trees are checked against the independent oracle elsewhere.

import { identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hullCovered } from '../src/convex/hull-covered.js';
import {
  box,
  convexSurface,
  cylinder,
  icosphere,
  relativeTransform,
  Surface,
  SurfacePair,
} from '../src/index.js';
import { arbConvex, arbPose, arbSoup, offsetPose, pairDifference, randomPose, rng } from './helpers.js';

const difference = pairDifference;

/** Two pairs on the trees' side of the convex path: one with the hull search, one without. */
function pairs(a: Surface, b: Surface): [SurfacePair, SurfacePair] {
  const hull = new SurfacePair(a, b);
  const trees = new SurfacePair(a, b);
  // The convex path would answer two convex bodies before either search.
  hull.convex = false;
  trees.convex = false;
  trees.hull = false;
  return [hull, trees];
}

/** Evaluates both ways at one placement and compares; returns the hull pair. */
function compare(a: Surface, b: Surface, poseA: Pose3, poseB: Pose3, label = ''): SurfacePair {
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  const [hull, trees] = pairs(a, b);
  hull.evaluate(R, t);
  trees.evaluate(R, t);
  expect(difference(hull, trees), label).toBeNull();
  // Its own bound, certified all the same.
  expect(hull.lowerBound).toBeLessThanOrEqual(hull.distance);
  return hull;
}

const bunnyLike = icosphere(0.5, 3).scale(1, 0.6, 0.8); // 1 280 facets: A, many times B's size

describe('hullCovered: the facets of B cover its hull exactly, or the hull search is not used', () => {
  const covered = (s: Surface) => hullCovered(s, convexSurface(s));
  it('closed convex bodies, either orientation', () => {
    for (const s of [box(1), box(0.04, 2), box([1, 0.5, 2], 3), icosphere(0.5, 1), cylinder(0.5, 1, 12)]) {
      expect(covered(s)).toBe(true);
      // Every facet turned over: still a closed surface facing one way.
      const flipped = Surface.fromIndexed(
        s.positions,
        Uint32Array.from(s.indices, (_, i) => s.indices[i - (i % 3) + [0, 2, 1][i % 3]]),
      );
      expect(covered(flipped)).toBe(true);
    }
  });

  it('not: zero-area facets, one facet turned, a facet missing, a facet twice, a flat body', () => {
    // Found by the soup property: two zero-area facets pass the tolerant convexity check, and
    // the four points' hull is a tetrahedron that no facet covers.
    const slivers = Surface.fromTriangles([
      -5.696946737857321e-9, -0.0000034366113516960574, 1, -0.75, -7.287556782043985e-9, 0,
      -5.696946737857321e-9, -0.0000034366113516960574, 1, 0.0030037787220195383, 1, 0.514283294585949, 1,
      -0.000007453003882267801, 0.75, 0.0030037787220195383, 1, 0.514283294585949,
    ]);
    expect(covered(slivers)).toBe(false);
    const b = box(1);
    const turned = Uint32Array.from(b.indices);
    [turned[1], turned[2]] = [turned[2], turned[1]];
    expect(covered(Surface.fromIndexed(b.positions, turned))).toBe(false);
    expect(covered(Surface.fromIndexed(b.positions, b.indices.slice(3)))).toBe(false);
    expect(
      covered(Surface.fromIndexed(b.positions, Uint32Array.from([...b.indices, ...b.indices.slice(0, 3)]))),
    ).toBe(false);
    // Two triangles back to back: closed, but flat.
    expect(covered(Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0]))).toBe(
      false,
    );
  });

  it('not: a vertex pushed out of a face by less than the tolerant check sees', () => {
    const b = box(1, 2);
    const p = Float64Array.from(b.positions);
    // The centre vertex of the face x = 0.5 (subdivided twice) moved out by 1e-14.
    for (let v = 0; v < p.length; v += 3) if (p[v] === 0.5 && p[v + 1] === 0 && p[v + 2] === 0) p[v] += 1e-14;
    const dented = Surface.fromIndexed(p, b.indices);
    expect(convexSurface(dented).convex).toBe(true);
    expect(covered(dented)).toBe(false);
  });
});

describe('SurfacePair: the hull search gives the trees’ answer bit for bit', { timeout: 120_000 }, () => {
  it('random soups against small convex bodies at random poses (gaps, contacts, crossings)', () => {
    let fewer = 0;
    let calls = 0;
    fc.assert(
      fc.property(arbSoup(40), arbConvex, arbPose(1.2), (soup, b, pb) => {
        const a = Surface.fromTriangles(soup);
        const small = b.scale(0.2);
        const hull = compare(a, small, identityPose(), pb);
        calls++;
        const R = new Float64Array(9);
        const t = new Float64Array(3);
        relativeTransform(identityPose(), pb, R, t);
        const trees = pairs(a, small)[1];
        trees.evaluate(R, t);
        if (hull.volumePairs < trees.volumePairs) fewer++;
      }),
      { numRuns: 300, seed: 6101 },
    );
    expect(calls).toBe(300);
    expect(fewer).toBeGreaterThan(0);
  });

  it('a non-convex A many times larger, at random poses, with the counters that say why', () => {
    const r = rng(6102);
    let hullBounds = 0;
    let treePairs = 0;
    for (const b of [box(0.05, 2), icosphere(0.04, 1), cylinder(0.03, 0.1, 12), box([0.1, 0.02, 0.05])]) {
      for (let k = 0; k < 25; k++) {
        const pose = randomPose(r, 0.8);
        const hull = compare(bunnyLike, b, identityPose(), pose);
        const R = new Float64Array(9);
        const t = new Float64Array(3);
        relativeTransform(identityPose(), pose, R, t);
        const trees = pairs(bunnyLike, b)[1];
        trees.evaluate(R, t);
        hullBounds += hull.volumePairs;
        treePairs += trees.volumePairs;
      }
    }
    // The point of the search: far fewer bounds than node pairs.
    expect(hullBounds).toBeLessThan(0.7 * treePairs);
  });

  it('exact placements full of ties: faces parallel, edges crossing, vertices over faces', () => {
    const I = identityPose();
    const shapes = [box(1, 2), box([1, 0.5, 2], 3), icosphere(0.5, 1), cylinder(0.5, 1, 12)];
    const smalls = [box(0.25, 2), box(0.25), cylinder(0.125, 0.25, 8)];
    for (const a of shapes) {
      for (const b of smalls) {
        for (const [dx, dy, dz] of [
          [0.625, 0, 0],
          [0.625, 0.25, 0],
          [0.625, 0.5, 0.5],
          [0, 0, 1.125],
          [0.5, 0.5, 0],
          [0.25, 0, 0],
          [0, 0, 0],
        ]) {
          for (const pose of [
            poseFromAxisAngle([0, 0, 1], 0, [dx, dy, dz]),
            poseFromAxisAngle([0, 0, 1], Math.PI / 2, [dx, dy, dz]),
            poseFromAxisAngle([1, 1, 0], Math.PI / 4, [dx, dy, dz]),
          ]) {
            compare(a, b, I, pose, `${dx} ${dy} ${dz}`);
          }
        }
      }
    }
  });

  it('B wholly inside A, and A crossing B: the pairs inside the hull are measured, not pruned', () => {
    const r = rng(6103);
    const b = box(0.1, 2);
    for (let k = 0; k < 40; k++) {
      const inside = compare(bunnyLike, b, identityPose(), randomPose(r, 0.05));
      expect(inside.intersecting).toBe(false);
      expect(inside.distance).toBeGreaterThan(0);
    }
    for (let k = 0; k < 40; k++) {
      // The small body on A's surface: crossing it or just off.
      const u = [r() - 0.5, r() - 0.5, r() - 0.5];
      const n = Math.hypot(...u);
      const pose = poseFromAxisAngle([r(), r(), r()], r(), [
        u[0] / n / 2,
        (0.6 * u[1]) / n / 2,
        (0.8 * u[2]) / n / 2,
      ]);
      compare(bunnyLike, b, identityPose(), pose);
    }
  });

  it('1e4 and 1e6 from the origin', () => {
    const r = rng(6104);
    const b = box(0.06, 2);
    for (let k = 0; k < 30; k++) {
      const pa = randomPose(r, 0.2);
      const pb = randomPose(r, 1);
      for (const offset of [1e4, 1e6]) compare(bunnyLike, b, offsetPose(pa, offset), offsetPose(pb, offset));
    }
  });

  it('maxDistance and relative error: certified either way', () => {
    const r = rng(6105);
    const b = box(0.05, 2);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (let k = 0; k < 40; k++) {
      relativeTransform(identityPose(), randomPose(r, 1), R, t);
      const [hull, trees] = pairs(bunnyLike, b);
      const exact = trees.evaluate(R, t);
      const limit = exact * (0.5 + r());
      hull.evaluate(R, t, limit);
      trees.evaluate(R, t, limit);
      expect(hull.beyond).toBe(trees.beyond);
      if (hull.beyond) expect(hull.distance).toBeGreaterThanOrEqual(limit);
      else expect(difference(hull, trees)).toBeNull();
      hull.evaluate(R, t, Number.POSITIVE_INFINITY, 0.1);
      expect(hull.distance).toBeGreaterThanOrEqual(exact);
      expect(hull.distance).toBeLessThanOrEqual(1.1 * exact + 1e-15);
      expect(hull.lowerBound).toBeLessThanOrEqual(exact);
    }
  });

  it('evaluateMoved takes the hull search too and equals evaluate along a motion', () => {
    const b = box(0.05, 2);
    const moved = new SurfacePair(bunnyLike, b);
    const plain = new SurfacePair(bunnyLike, b);
    const trees = pairs(bunnyLike, b)[1];
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (let k = 0; k <= 60; k++) {
      const s = k / 60;
      // B passes through A's wall: apart, crossing, inside.
      const pose = poseFromAxisAngle([0.3, 1, 0.2], 2 * s, [0.9 - 0.8 * s, 0.02, 0.01]);
      relativeTransform(identityPose(), pose, R, t);
      moved.evaluateMoved(R, t, 0.8 / 60 + 0.05 * 2 * (2 / 60));
      plain.evaluate(R, t);
      trees.evaluate(R, t);
      expect(difference(moved, plain), `s ${s}`).toBeNull();
      expect(moved.lowerBound).toBe(plain.lowerBound);
      expect(difference(plain, trees), `s ${s}`).toBeNull();
    }
  });
});
