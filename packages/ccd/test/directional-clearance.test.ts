// The directional step's clearance: a small B's node pairs are pruned when the ball of witnesses
// whose directional step could fall below the best so far misses their box or A's slab. Such a
// node pair holds no facet pair that could lower the step, and the keys that order the descent are
// unchanged: the steps must be those found without it, to the bit, through fewer facet pairs. And
// the queries keep the guarantee against the oracle.

import { box, icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion3, SurfaceMotion, timeOfImpact } from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkQuery3, seedFor, stepArb3, stepPoses3 } from './scenarios.js';

/**
 * The clearance prunes the facet pairs' descent: the hull steps (a convex B's default, tested in
 * directional-hull-steps.test.ts) take none of it, so every query here goes without them.
 */
const NO_HULL_STEPS = { directionalHullSteps: false } as const;

/** The bench's pebble throw: 1.2 along x through the bunny's lower body, a quarter turn about y. */
const THROW: Motion3 = {
  a: [identityPose(), identityPose()],
  b: [
    poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
    poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.2, -0.2]),
  ],
};

/**
 * The directional steps of one motion at `n` instants, with and without the clearance, with no
 * floor (each step searches until it knows its value), and the exact facet pairs each took.
 */
function stepsBothWays(
  a: Surface,
  b: Surface,
  motion: Motion3,
  n: number,
): { on: number[]; off: number[]; pairsOn: number; pairsOff: number } {
  const tolerance = 1e-6 * Math.max(a.bounds().diagonal, b.bounds().diagonal);
  const run = (clearance: boolean) => {
    const bodies = new SurfaceMotion(
      a,
      b,
      new RigidMotion(motion.a[0], motion.a[1]),
      new RigidMotion(motion.b[0], motion.b[1]),
      { directionalClearance: clearance, directionalHullSteps: NO_HULL_STEPS.directionalHullSteps },
    );
    const steps: number[] = [];
    for (let k = 0; k < n; k++) {
      const s = k / n;
      const gap = bodies.distance(s);
      steps.push(gap > tolerance ? bodies.directionalStep(s, gap, tolerance, 0, 1 - s) : Number.NaN);
    }
    return { steps, pairs: bodies.directionalPairEvaluations };
  };
  const off = run(false);
  const on = run(true);
  return { on: on.steps, off: off.steps, pairsOn: on.pairs, pairsOff: off.pairs };
}

describe('the directional clearance of a small B', { timeout: 120_000 }, () => {
  it('the pebble throw: the same query, bit for bit, with fewer directional facet pairs', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    const query = (clearance: boolean) =>
      timeOfImpact(bunny, pebble, THROW, {
        directional: true,
        directionalClearance: clearance,
        ...NO_HULL_STEPS,
      });
    const off = query(false);
    const on = query(true);
    expect(on.status).toBe('contact');
    expect([on.toi, on.distance, on.iterations, on.facetA, on.facetB]).toEqual([
      off.toi,
      off.distance,
      off.iterations,
      off.facetA,
      off.facetB,
    ]);
    expect(on.directionalPairEvaluations).toBeLessThan(off.directionalPairEvaluations);
  });

  it('the steps along the throw, searched to the end: equal, and the clearance prunes', () => {
    const r = stepsBothWays(unitBunny(), box(0.04, 2), THROW, 40);
    expect(r.on.filter((x) => Number.isFinite(x)).length).toBeGreaterThan(20);
    expect(r.on).toEqual(r.off);
    expect(r.pairsOn).toBeLessThan(r.pairsOff);
  });

  it('random motions of a pebble past the bunny and of a cube past a ball: the same steps', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    const ball = icosphere(0.3, 2);
    const cube = box(0.2, 1);
    let pruned = 0;
    fc.assert(
      fc.property(stepArb3(0.8, 3), fc.boolean(), (step, onBunny) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        const r = onBunny ? stepsBothWays(bunny, pebble, motion, 6) : stepsBothWays(ball, cube, motion, 6);
        expect(r.on).toEqual(r.off);
        expect(r.pairsOn).toBeLessThanOrEqual(r.pairsOff);
        if (r.pairsOn < r.pairsOff) pruned++;
      }),
      { numRuns: 80, seed: seedFor(3951), endOnFailure: true },
    );
    // The comparison means something only if the clearance pruned in some of the runs (many random
    // motions pass far from the body, where nothing is near enough to prune: 1 to 3 in 40 under
    // other seeds, 6 or more under the default one).
    expect(pruned).toBeGreaterThan(0);
  });

  it('the guarantee against the oracle: a pebble past the bunny, random motions', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    fc.assert(
      fc.property(stepArb3(0.6, 2.4, false), (step) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        checkQuery3(bunny, pebble, motion, undefined, undefined, 1000, NO_HULL_STEPS);
      }),
      { numRuns: 3, seed: seedFor(3952), endOnFailure: true },
    );
  });
});
