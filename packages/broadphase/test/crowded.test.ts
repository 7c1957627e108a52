import { ball, ball2, cuboid } from '@firsttouch/convex';
import { disc } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepBodies2 } from '../src/bodies.js';
import { bodyRunner3, type ManyBody3 } from '../src/body-runner.js';
import { bodyRunner2, type ManyBody2 } from '../src/body-runner2.js';
import { firstImpact, firstImpact2 } from '../src/index.js';
import { Scratch, U32 } from '../src/scratch.js';
import { type FirstSearch, resolveImpactOptions, searchFirst } from '../src/search.js';
import { stepBodies3 } from '../src/step-bodies3.js';
import { pebble, rng, scene } from './helpers.js';

// Scenes whose boxes all overlap: n bodies at one place make n²/2 candidate pairs. The search takes
// them a block at a time (the best toi carried over), so its memory does not grow with the pairs.

/** firstImpact's search on a 3-D scene with its blocks at most `blockPairs` pairs. */
function search3(
  bodies: ManyBody3[],
  poses0: Pose3[],
  poses1: Pose3[],
  blockPairs?: number,
  scratch = new Scratch(),
): FirstSearch<{ toi: number }> {
  const step = stepBodies3(bodies, poses0, poses1);
  const o = resolveImpactOptions(undefined, step.largestDiagonal);
  return bodyRunner3(bodies, poses0, poses1, o, true, { where: 'test' }, (run) =>
    searchFirst(step, o, run, undefined, scratch, blockPairs),
  );
}

/** The same for a 2-D scene. */
function search2(bodies: ManyBody2[], poses0: Pose2[], poses1: Pose2[], blockPairs?: number) {
  const step = stepBodies2(bodies, poses0, poses1);
  const o = resolveImpactOptions(undefined, step.largestDiagonal);
  return bodyRunner2(bodies, poses0, poses1, o, { where: 'test' }, (run) =>
    searchFirst(step, o, run, undefined, new Scratch(), blockPairs),
  );
}

/** What must not depend on the blocks: the answer, its result record and the candidates' count. */
function answer(r: FirstSearch<{ toi: number }>) {
  return { status: r.status, toi: r.toi, pair: r.pair, candidates: r.candidates, impact: r.impact };
}

const at = (x: number, y = 0, z = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, z]);

describe('a crowded scene, searched a block at a time', () => {
  it('finds the first pair of bodies that start at one place, in memory bounded by the block', () => {
    const n = 400; // 79 800 pairs
    const b = ball(0.1);
    const bodies = Array<ManyBody3>(n).fill(b);
    const p0 = Array.from({ length: n }, () => at(0));
    const p1 = Array.from({ length: n }, () => at(1));
    const scratch = new Scratch();
    const r = search3(bodies, p0, p1, 1000, scratch);
    expect(r.status).toBe('initial-contact');
    expect(r.toi).toBe(0);
    expect(r.pair).toEqual([0, 1]);
    expect(r.candidates).toBe((n * (n - 1)) / 2);
    // the overlapping pairs' buffer held one block (two numbers a pair, grown by half at most), not
    // the 79 800 pairs
    expect(scratch.growU32(U32.overlaps, 0, 0).length).toBeLessThanOrEqual(3 * 1000 + 16);
    expect(scratch.u32(U32.pairs, 0).buffer.byteLength).toBeLessThanOrEqual(4 * (3 * 1000 + 16));
    // and the public call says the same
    const f = firstImpact(bodies, p0, p1);
    expect([f.status, f.toi, f.pair, f.candidates]).toEqual(['initial-contact', 0, [0, 1], r.candidates]);
  });

  it('keeps the first pair of a crowd that is not the first bodies, and a later contact', () => {
    // body 0 far away and at rest; bodies 1.. stacked apart along y, each a hair from the next,
    // all closing in on x = 0 at their own speeds: many boxes overlap, few bodies touch at once
    const n = 150;
    const bodies: ManyBody3[] = [cuboid(0.1, 0.1, 0.1)];
    const p0: Pose3[] = [at(50)];
    const p1: Pose3[] = [at(50)];
    const r = rng(7);
    for (let i = 1; i < n; i++) {
      bodies.push(ball(0.05));
      p0.push(at(-1 - r(), 0.0001 * i, 0));
      p1.push(at(1 + r(), 0.0001 * i, 0));
    }
    const whole = search3(bodies, p0, p1);
    for (const k of [1, 5, 64, 1000]) expect(answer(search3(bodies, p0, p1, k))).toEqual(answer(whole));
  });

  it('gives the same answer with blocks of any size on random scenes (3-D)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 8, max: 90 }),
        fc.integer({ min: 1, max: 97 }),
        (seed, n, k) => {
          // a small cube, long moves and turns: many boxes overlap in each window
          const s = scene(seed, n, 0.6, 0.8, 2, [pebble]);
          const whole = search3(s.bodies, s.poses0, s.poses1);
          expect(answer(search3(s.bodies, s.poses0, s.poses1, k))).toEqual(answer(whole));
          // the search with the default block is firstImpact's
          const f = firstImpact(s.bodies, s.poses0, s.poses1);
          expect([f.status, f.toi, f.pair, f.tested, f.runs, f.candidates]).toEqual([
            whole.status,
            whole.toi,
            whole.pair,
            whole.tested,
            whole.runs,
            whole.candidates,
          ]);
        },
      ),
      { numRuns: 25, seed: 30 },
    );
  });

  it('gives the same answer with blocks of any size on random scenes (2-D)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 8, max: 120 }),
        fc.integer({ min: 1, max: 97 }),
        (seed, n, k) => {
          const r = rng(seed);
          const kinds: ManyBody2[] = [disc(0.05, 12), ball2(0.04)];
          const bodies: ManyBody2[] = [];
          const p0: Pose2[] = [];
          const p1: Pose2[] = [];
          for (let i = 0; i < n; i++) {
            bodies.push(kinds[i % 2]);
            p0.push(pose2(6 * r(), [r() * 0.8, r() * 0.8]));
            p1.push(pose2(6 * r(), [r() * 0.8, r() * 0.8]));
          }
          const whole = search2(bodies, p0, p1);
          expect(answer(search2(bodies, p0, p1, k))).toEqual(answer(whole));
          const f = firstImpact2(bodies, p0, p1);
          expect([f.status, f.toi, f.pair, f.tested, f.candidates]).toEqual([
            whole.status,
            whole.toi,
            whole.pair,
            whole.tested,
            whole.candidates,
          ]);
        },
      ),
      { numRuns: 25, seed: 31 },
    );
  });

  it('finds the first pair of discs that start at one place (2-D)', () => {
    const n = 400;
    const bodies = Array<ManyBody2>(n).fill(ball2(0.1));
    const p0 = Array.from({ length: n }, () => pose2(0, [0, 0]));
    const p1 = Array.from({ length: n }, () => pose2(1, [1, 0]));
    const r = search2(bodies, p0, p1, 500);
    expect([r.status, r.toi, r.pair, r.candidates]).toEqual([
      'initial-contact',
      0,
      [0, 1],
      (n * (n - 1)) / 2,
    ]);
  });
});
