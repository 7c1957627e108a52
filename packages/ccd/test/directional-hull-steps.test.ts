// The hull steps of a small convex B: each facet of A near B steps against B's vertex hull (one GJK
// bound, the convex pair's directional step) instead of pair by pair with B's facets. A step valid
// for the facet and the hull is valid for every facet of B inside it, so each step must keep the gap
// above tol/2, and the queries the guarantee against the oracle; the steps differ from the pairs'.

import { box, icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion3, SurfaceMotion, timeOfImpact } from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkQuery3, seedFor, stepArb3, stepPoses3 } from './scenarios.js';

/** The bench's pebble throw: 1.2 along x through the bunny's lower body, a quarter turn about y. */
const THROW: Motion3 = {
  a: [identityPose(), identityPose()],
  b: [
    poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
    poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.2, -0.2]),
  ],
};

/**
 * The directional steps of one motion from `n` instants (no floor: each searches until it knows its
 * value), each checked by sampling the gap at 64 instants across it: never below tol/2. Returns the
 * steps taken and how many were longer than the plain step.
 */
function checkSteps(a: Surface, b: Surface, motion: Motion3, n: number): { steps: number; longer: number } {
  const tolerance = 1e-6 * Math.max(a.bounds().diagonal, b.bounds().diagonal);
  const half = 0.5 * tolerance;
  const make = () =>
    new SurfaceMotion(
      a,
      b,
      new RigidMotion(motion.a[0], motion.a[1]),
      new RigidMotion(motion.b[0], motion.b[1]),
    );
  const bodies = make();
  const probe = make();
  const mu = bodies.speedBound();
  let steps = 0;
  let longer = 0;
  for (let k = 0; k < n; k++) {
    const s = k / n;
    const gap = bodies.distance(s);
    if (!(gap > tolerance)) continue;
    const step = bodies.directionalStep(s, gap, tolerance, 0, 1 - s);
    steps++;
    if (mu > 0 && step > (gap - half) / mu) longer++;
    for (let j = 1; j <= 64; j++) {
      const at = Math.min(1, s + (step * j) / 64);
      expect(probe.distance(at), `step ${step} from s = ${s}, at ${at}`).toBeGreaterThanOrEqual(half);
    }
  }
  return { steps, longer };
}

describe('the hull steps of a small convex B', { timeout: 120_000 }, () => {
  it('the pebble throw: a contact no later than the pairs find it, in as few steps, with a handful of exact pairs', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    const pairs = timeOfImpact(bunny, pebble, THROW, { directional: true, directionalHullSteps: false });
    const hull = timeOfImpact(bunny, pebble, THROW, { directional: true, directionalHullSteps: true });
    const plain = timeOfImpact(bunny, pebble, THROW, { directional: false });
    expect(hull.status).toBe('contact');
    expect(hull.iterations).toBeLessThanOrEqual(pairs.iterations);
    expect(hull.iterations).toBeLessThan(plain.iterations);
    expect(hull.directionalPairEvaluations).toBeLessThan(pairs.directionalPairEvaluations / 10);
    // Both certified: within the tolerance of each other, below the contact.
    expect(Math.abs(hull.toi - pairs.toi)).toBeLessThan(1e-5);
    checkQuery3(bunny, pebble, THROW, undefined);
  });

  it('every step along the throw keeps the gap above tol/2, and most beat the plain step', () => {
    const r = checkSteps(unitBunny(), box(0.04, 2), THROW, 40);
    expect(r.steps).toBeGreaterThan(20);
    expect(r.longer).toBeGreaterThan(r.steps / 2);
  });

  it('random motions of a pebble past the bunny, a cube past a ball, a small ball past the bunny: every step certified', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    const ball = icosphere(0.3, 2);
    const cube = box(0.2, 1);
    const small = icosphere(0.1, 1);
    let longer = 0;
    fc.assert(
      fc.property(stepArb3(0.8, 3), fc.integer({ min: 0, max: 2 }), (step, which) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        const [a, b] = [
          [bunny, pebble],
          [ball, cube],
          [bunny, small],
        ][which];
        longer += checkSteps(a, b, motion, 5).longer;
      }),
      { numRuns: 40, seed: seedFor(3961), endOnFailure: true },
    );
    // The checks mean something only if the steps went past the plain ones somewhere.
    expect(longer).toBeGreaterThan(10);
  });

  it('the guarantee against the oracle: random motions past the bunny and the ball', () => {
    const bunny = unitBunny();
    const pebble = box(0.04, 2);
    const ball = icosphere(0.3, 2);
    const cube = box(0.2, 1);
    fc.assert(
      fc.property(stepArb3(0.6, 2.4, false), fc.boolean(), (step, onBunny) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        if (onBunny) checkQuery3(bunny, pebble, motion, undefined);
        else checkQuery3(ball, cube, motion, undefined);
      }),
      { numRuns: 6, seed: seedFor(3962), endOnFailure: true },
    );
  });
});
