// Crossing bodies down both trees: once a facet (segment) pair crosses, the search leaves out every
// node pair whose first facets come after the best crossing pair in (facetA, facetB) order. These
// bodies cross along long curves (3-D) or at hundreds of points (2-D), so the first crossing pair
// met is seldom the reported one: the oracle (every pair, exact contact) and the library's
// all-pairs loop decide.

import { composePose, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { box, Curve, disc, firstElementsOf, icosphere, Surface } from '../src/index.js';
import { expectCurveDistance, expectSurfaceDistance, randomPose, randomUnit, rng } from './helpers.js';
import { unitBunny } from './unit-bunny.js';

/** Two boxes side by side in one surface: small and not convex (B is refitted, no hull search). */
function twinBoxes(): Surface {
  const one = box(0.3, 3);
  const other = one.translate([0.25, 0.1, 0.05]);
  const xyz = new Float64Array(9 * (one.facetCount + other.facetCount));
  let o = 0;
  for (const s of [one, other])
    for (let f = 0; f < s.facetCount; f++) for (const x of s.facet(f)) xyz[o++] = x;
  return Surface.fromTriangles(xyz);
}

describe('crossing surfaces down both trees', () => {
  it('firstElementsOf: the smallest facet index under each node', () => {
    const s = icosphere(1, 3);
    const tree = s.tree();
    const first = firstElementsOf(tree);
    expect(firstElementsOf(tree)).toBe(first);
    // Every node's facets, from the leaves: depth-first numbering, right child in `child`.
    const under = (n: number): number[] =>
      tree.count[n] > 0
        ? Array.from(tree.order.subarray(tree.child[n], tree.child[n] + tree.count[n]))
        : [...under(n + 1), ...under(tree.child[n])];
    for (let n = 0; n < tree.nodeCount; n += 7) expect(first[n]).toBe(Math.min(...under(n)));
    expect(first[0]).toBe(0);
  });

  it('the bunny through a bunny scaled by 0.6: the first crossing pair, as the oracle', () => {
    const a = unitBunny();
    const b = a.scale(0.6);
    const r = rng(31);
    const I: Pose3 = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);
    let crossing = 0;
    let pairs = 0;
    for (let k = 0; k < 3; k++) {
      // B's centre within 0.15 of A's: the surfaces cross along long curves.
      const t = randomUnit(r).map((x) => 0.15 * r() * x);
      const pose = poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), t);
      const { result, oracle } = expectSurfaceDistance(a, b, I, pose, { label: `pose ${k}` });
      if (result.intersecting) crossing++;
      pairs += oracle.near.length;
    }
    expect(crossing).toBe(3);
    // Many pairs at the gap 0: the first one met is seldom the reported one.
    expect(pairs).toBeGreaterThan(300);
  }, 120_000);

  it('an icosphere through two boxes (B refitted): the first crossing pair, as the oracle', () => {
    const a = icosphere(0.3, 3);
    const b = twinBoxes();
    const r = rng(32);
    let crossing = 0;
    for (let k = 0; k < 30; k++) {
      const pa = randomPose(r, 0.1);
      const pb = composePose(pa, randomPose(r, 0.2));
      const { result } = expectSurfaceDistance(a, b, pa, pb, { label: `pose ${k}` });
      if (result.intersecting) crossing++;
    }
    expect(crossing).toBeGreaterThan(20);
  }, 60_000);

  it('a disc against itself turned a little, and against a wider ring: the first crossing segments', () => {
    const a = disc(1, 512);
    const ring = disc(1.001, 512);
    // The same loops walked the other way: the crossing pairs pair A's first segments with B's last.
    const reversed = (c: Curve): Curve => {
      const n = c.segmentCount;
      const u = new Float64Array(n);
      const v = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        const s = c.segment(n - 1 - k);
        u[k] = s[2];
        v[k] = s[3];
      }
      return Curve.fromLoops(u, v, [n]);
    };
    const bodies = [a, ring, reversed(a), reversed(ring)];
    const r = rng(34);
    let near = 0;
    for (let k = 0; k < 16; k++) {
      // Turned by a fraction of a segment's angle (a crossing on every segment), or a ring 1.001
      // wide moved off centre (two long runs of near-crossings).
      const b = bodies[k % 4];
      const turn = (2 * Math.PI * (0.1 + 0.8 * r())) / 512;
      const pose = k % 2 === 0 ? pose2(turn, [0, 0]) : pose2(turn, [0.0015 + 0.001 * r(), 0.0005 * r()]);
      const { result, oracle } = expectCurveDistance(a, b, pose2(), pose, { label: `pose ${k}` });
      expect(result.intersecting).toBe(true);
      near += oracle.near.length;
    }
    expect(near).toBeGreaterThan(4000);
  }, 60_000);
});
