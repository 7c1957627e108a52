// The tree over a compound's parts (src/tree/part-tree.ts, src/tree/part-search.ts) and the compound
// pair's descent of it: the gap must be the smallest over every part pair, each measured on its own
// here by the part's own query at the composed pose (shapeDistance, surfaceDistance), with the same
// part pair named as the all-pairs oracle (ties aside), while far fewer part pairs are measured.

import { ball, capsule, cuboid, type Shape, shapeDistance } from '@firsttouch/convex';
import { composePose, identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  box,
  type Compound,
  CompoundPair,
  compound,
  relativeTransform,
  Surface,
  SurfaceShapePair,
  surfaceDistance,
} from '../src/index.js';
import { buildPartTree, NO_PART } from '../src/internal.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const vec = (r: number) => fc.tuple(real(-r, r), real(-r, r), real(-r, r));
const axis = vec(1).filter((v) => Math.hypot(...v) > 0.1);

/** A compound of n parts (balls, cuboids, capsules, a few box surfaces) scattered in a cube of side `spread`. */
function scattered(seed: number, n: number, spread: number, surfaces: boolean): Compound {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const parts = [];
  for (let i = 0; i < n; i++) {
    const kind = Math.floor(rnd() * (surfaces ? 4 : 3));
    const size = 0.05 + 0.1 * rnd();
    const body =
      kind === 0
        ? ball(size)
        : kind === 1
          ? cuboid(size, 0.7 * size, 0.5 * size)
          : kind === 2
            ? capsule(size, 0.5 * size)
            : box(size);
    const pose = poseFromAxisAngle([rnd() - 0.5, rnd() - 0.5, rnd() + 0.1], 3 * rnd(), [
      spread * (rnd() - 0.5),
      spread * (rnd() - 0.5),
      spread * (rnd() - 0.5),
    ]);
    parts.push({ body, pose });
  }
  return compound(parts);
}

/** Every part pair measured on its own: the smallest gap and the first pair (B's part, then A's) that has it. */
function allPairs(a: Compound, b: Compound | Shape<3> | Surface, poseB: Pose3) {
  const partsB = 'partCount' in b ? b.parts : [{ body: b, pose: identityPose() }];
  const gaps: { d: number; i: number; j: number }[] = [];
  partsB.forEach((pb, j) => {
    const placed = composePose(poseB, pb.pose);
    a.parts.forEach((pa, i) => {
      const x = pa.body;
      const y = pb.body;
      const d =
        Surface.isSurface(x) && Surface.isSurface(y)
          ? surfaceDistance(x, y, { poseA: pa.pose, poseB: placed }).distance
          : Surface.isSurface(x) || Surface.isSurface(y)
            ? mixedDistance(x, y, pa.pose, placed)
            : shapeDistance(x as Shape<3>, y as Shape<3>, { poseA: pa.pose, poseB: placed }).distance;
      gaps.push({ d, i, j });
    });
  });
  gaps.sort((p, q) => p.d - q.d || p.j - q.j || p.i - q.i);
  return gaps;
}

/** A shape against a surface: the pair of two lone bodies (no tree to descend: one part each). */
function mixedDistance(x: unknown, y: unknown, poseA: Pose3, poseB: Pose3): number {
  const pair = new CompoundPair(x as Surface, y as Surface);
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  pair.evaluate(R, t);
  return pair.distance;
}

describe('the tree over the parts', () => {
  it('holds each part once, in a leaf, and every ball of a node holds its subtree', () => {
    for (const n of [1, 2, 3, 7, 64, 100]) {
      const c = scattered(n, n, 4, false);
      const tree = c.tree;
      expect(tree.nodeCount).toBe(2 * n - 1);
      const seen = new Set<number>();
      // Walk: each node's range of leaves, its ball against each leaf's ball.
      const stack = [0];
      const ancestors: number[][] = [[]];
      while (stack.length) {
        const node = stack.pop()!;
        const up = ancestors.pop()!;
        if (tree.part[node] !== NO_PART) {
          const p = tree.part[node];
          expect(seen.has(p)).toBe(false);
          seen.add(p);
          for (let k = 0; k < 4; k++) expect(tree.balls[4 * node + k]).toBe(c.balls[4 * p + k]);
          for (const u of up) {
            const d = Math.hypot(
              tree.balls[4 * u] - c.balls[4 * p],
              tree.balls[4 * u + 1] - c.balls[4 * p + 1],
              tree.balls[4 * u + 2] - c.balls[4 * p + 2],
            );
            expect(d + c.balls[4 * p + 3]).toBeLessThanOrEqual(tree.balls[4 * u + 3]);
          }
          continue;
        }
        expect(tree.child[node]).toBeGreaterThan(node + 1);
        stack.push(node + 1, tree.child[node]);
        ancestors.push([...up, node], [...up, node]);
      }
      expect(seen.size).toBe(n);
    }
  });

  it('2-D: discs, the same rules', () => {
    const discs = new Float64Array([0, 0, 1, 3, 0, 0.5, -2, 4, 0.25, 1, 1, 2, 9, -9, 0.1]);
    const tree = buildPartTree(discs, 2);
    expect(tree.nodeCount).toBe(9);
    const leaves = Array.from(tree.part).filter((p) => p !== NO_PART);
    expect(leaves.sort()).toEqual([0, 1, 2, 3, 4]);
    // The root's disc holds every disc.
    for (let p = 0; p < 5; p++) {
      const d = Math.hypot(tree.balls[0] - discs[3 * p], tree.balls[1] - discs[3 * p + 1]);
      expect(d + discs[3 * p + 2]).toBeLessThanOrEqual(tree.balls[2]);
    }
  });
});

describe('the compound pair descends the trees', () => {
  const a = scattered(11, 40, 3, true);
  const b = scattered(23, 24, 2, true);

  it('compound × compound: the all-part-pairs oracle, gap and parts', () => {
    const pair = new CompoundPair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    let fewer = 0;
    fc.assert(
      fc.property(vec(5), axis, real(0, Math.PI), (c, k, angle) => {
        const poseB = poseFromAxisAngle(k, angle, c);
        const all = allPairs(a, b, poseB);
        relativeTransform(identityPose(), poseB, R, t);
        const before = pair.partEvaluations;
        const lower = pair.evaluate(R, t);
        const measured = pair.partEvaluations - before;
        if (measured < all.length / 4) fewer++;
        const truth = Math.max(0, all[0].d);
        expect(Math.abs(lower - truth)).toBeLessThan(1e-9);
        if (all[1].d - all[0].d > 1e-9) {
          expect([pair.partA, pair.partB]).toEqual([all[0].i, all[0].j]);
        }
      }),
      { numRuns: 30 },
    );
    // Far more often than not, the trees leave out most part pairs.
    expect(fewer).toBeGreaterThan(20);
  }, 60_000);

  it('compound × a lone shape and × a surface: the oracle, and a shape far off measures few parts', () => {
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (const other of [ball(0.3), box(0.4)] as const) {
      const pair = new CompoundPair(a, other);
      fc.assert(
        fc.property(vec(4), axis, real(0, Math.PI), (c, k, angle) => {
          const poseB = poseFromAxisAngle(k, angle, c);
          const all = allPairs(a, other, poseB);
          relativeTransform(identityPose(), poseB, R, t);
          const lower = pair.evaluate(R, t);
          expect(Math.abs(lower - Math.max(0, all[0].d))).toBeLessThan(1e-9);
          if (all[1].d - all[0].d > 1e-9) expect(pair.partA).toBe(all[0].i);
        }),
        { numRuns: 30 },
      );
    }
    const pair = new CompoundPair(a, ball(0.1));
    relativeTransform(identityPose(), poseFromAxisAngle([0, 0, 1], 0, [30, 0, 0]), R, t);
    pair.evaluate(R, t);
    expect(pair.partEvaluations).toBeLessThan(a.partCount / 4);
  }, 60_000);

  it('the compound is its parts: the same as each part on its own, placed', () => {
    // A compound of one part: its gap is the part's, at any pose.
    const one = compound([
      { body: cuboid(0.2, 0.3, 0.4), pose: poseFromAxisAngle([1, 1, 0], 0.7, [1, 2, 3]) },
    ]);
    const pair = new CompoundPair(one, capsule(0.3, 0.1));
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    const poseB = poseFromAxisAngle([0, 1, 0], 0.3, [2, 0, 1]);
    relativeTransform(identityPose(), poseB, R, t);
    const d = pair.evaluate(R, t);
    const truth = shapeDistance(one.parts[0].body as Shape<3>, capsule(0.3, 0.1), {
      poseA: one.parts[0].pose,
      poseB,
    }).distance;
    expect(Math.abs(d - truth)).toBeLessThan(1e-12);
  });

  it('with a cutoff: the same answer below it, `beyond` above it, and fewer part pairs measured', () => {
    const pair = new CompoundPair(a, b);
    const full = new CompoundPair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    let below = 0;
    let above = 0;
    // The cutoff is drawn about the true gap (0.01 to 1 either side, in steps: fast-check's doubles
    // crowd near 0), so that both sides of it are met in every run, whatever the placements drawn.
    const step = fc.integer({ min: 1, max: 100 }).chain((n) => fc.constantFrom(n / 100, -n / 100));
    fc.assert(
      fc.property(vec(5), axis, real(0, Math.PI), step, (c, k, angle, delta) => {
        const poseB = poseFromAxisAngle(k, angle, c);
        const all = allPairs(a, b, poseB);
        const truth = Math.max(0, all[0].d);
        const cutoff = Math.max(0, truth + delta);
        relativeTransform(identityPose(), poseB, R, t);
        const before = pair.partEvaluations;
        const lower = pair.evaluate(R, t, cutoff);
        const measured = pair.partEvaluations - before;
        const beforeFull = full.partEvaluations;
        full.evaluate(R, t);
        expect(measured).toBeLessThanOrEqual(full.partEvaluations - beforeFull);
        if (truth < cutoff - 1e-9) {
          below++;
          expect(pair.beyond).toBe(false);
          expect(Math.abs(lower - truth)).toBeLessThan(1e-9);
          if (all[1].d - all[0].d > 1e-9) expect([pair.partA, pair.partB]).toEqual([all[0].i, all[0].j]);
        } else if (truth > cutoff + 1e-9) {
          above++;
          expect(pair.beyond).toBe(true);
          expect(lower).toBe(cutoff);
          expect(pair.partA).toBe(-1);
        }
      }),
      { numRuns: 30 },
    );
    expect(below).toBeGreaterThan(3);
    expect(above).toBeGreaterThan(3);
  }, 60_000);

  it('a surface part with a cutoff: SurfaceShapePair stops beyond it, and answers as without it below', () => {
    const surface = box(0.5);
    const shape = capsule(0.2, 0.1);
    const cut = new SurfaceShapePair(surface, shape);
    const plain = new SurfaceShapePair(surface, shape);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(vec(2), axis, real(0, Math.PI), real(0, 1), (c, k, angle, cutoff) => {
        relativeTransform(identityPose(), poseFromAxisAngle(k, angle, c), R, t);
        const d = plain.evaluate(R, t);
        const before = cut.facetEvaluations;
        const e = cut.evaluate(R, t, cutoff);
        if (d < cutoff - 1e-9) {
          expect(cut.beyond).toBe(false);
          expect(e).toBe(d);
          expect(cut.facet).toBe(plain.facet);
        } else if (d > cutoff + 1e-9) {
          expect(cut.beyond).toBe(true);
          expect(e).toBe(cutoff);
          expect(cut.facetEvaluations - before).toBeLessThanOrEqual(12);
        }
      }),
      { numRuns: 100 },
    );
  });
});
