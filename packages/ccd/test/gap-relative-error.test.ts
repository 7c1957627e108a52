// The steps' gaps within a relative error (`gapRelativeError`): where the distance search is the hull
// search (a small convex B against any A), a step may start from the search's certified lower bound
// of the gap instead of the gap itself. Each step is then no longer than the exact gap's and no
// shorter than the lower bound allows; contact is decided, and the gap and witness reported, on exact
// gaps; the guarantee holds against the oracle; the ties at the closest features go unmeasured.

import { box, icosphere, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAP_RELATIVE_ERROR, type Motion3, SurfaceMotion, timeOfImpact } from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkGuarantee, checkWitness, scan, sweep3 } from './oracle/sweep.js';
import { seedFor, stepArb3, stepPoses3 } from './scenarios.js';

/** The bench's pebble throw: 1.2 along x through the bunny's lower body, a quarter turn about y. */
const THROW: Motion3 = {
  a: [identityPose(), identityPose()],
  b: [
    poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
    poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.2, -0.2]),
  ],
};

describe('steps from gaps within a relative error', { timeout: 120_000 }, () => {
  const bunny = unitBunny();
  const pebble = box(0.04, 2);

  it('the pebble throw: the same steps to 1e-12, the same contact, a third of the exact facet pairs', () => {
    const exact = timeOfImpact(bunny, pebble, THROW, { gapRelativeError: 0 });
    const fast = timeOfImpact(bunny, pebble, THROW);
    expect(DEFAULT_GAP_RELATIVE_ERROR).toBe(1e-6);
    expect(fast.status).toBe('contact');
    expect(fast.status).toBe(exact.status);
    expect(fast.iterations).toBe(exact.iterations);
    expect(Math.abs(fast.toi - exact.toi)).toBeLessThanOrEqual(1e-12);
    // both never later than the first contact: the earlier is the one of the shorter steps
    expect(fast.toi).toBeLessThanOrEqual(exact.toi);
    expect(fast.pairEvaluations).toBeLessThan(exact.pairEvaluations / 2);
    const sw = sweep3(bunny, pebble, THROW);
    checkWitness(sw, fast, 'relative error');
    // the directional mode seeds its steps with the pair found: the same steps to 1e-12
    const dirExact = timeOfImpact(bunny, pebble, THROW, { directional: true, gapRelativeError: 0 });
    const dirFast = timeOfImpact(bunny, pebble, THROW, { directional: true });
    expect(dirFast.iterations).toBe(dirExact.iterations);
    expect(Math.abs(dirFast.toi - dirExact.toi)).toBeLessThanOrEqual(1e-12);
    expect(dirFast.pairEvaluations).toBeLessThan(dirExact.pairEvaluations);
    checkWitness(sw, dirFast, 'directional, relative error');
  });

  it('each step lies between the exact gap’s and its lower bound’s, the gap reported exact', () => {
    // A large error, so that the search's lower bound and its pair's gap both move away from the gap.
    const eps = 0.05;
    const first = timeOfImpact(bunny, pebble, THROW, { gapRelativeError: eps });
    const K = first.iterations;
    expect(K).toBeGreaterThan(5);
    let prev = timeOfImpact(bunny, pebble, THROW, { gapRelativeError: eps, maxIterations: 1 });
    let shorter = 0;
    const sw = sweep3(bunny, pebble, THROW);
    const tol = first.tolerance;
    const mu = first.mu;
    for (let k = 2; k <= K; k++) {
      const r = timeOfImpact(bunny, pebble, THROW, { gapRelativeError: eps, maxIterations: k });
      // the gap reported at each iterate is the exact one (the run capped at k ends there, settled)
      checkWitness(sw, r, `k = ${k}`);
      const d = prev.distance;
      const longest = (d - 0.5 * tol) / mu;
      const shortest = (d / (1 + eps) - 0.5 * tol) / mu;
      const step = r.toi - prev.toi;
      const rounding = 1e-12 * Math.max(1, prev.toi);
      expect(step).toBeLessThanOrEqual(longest + rounding);
      expect(step).toBeGreaterThanOrEqual(shortest - rounding);
      if (step < longest - rounding) shorter++;
      prev = r;
    }
    // the relative error shortened some steps (else this test would prove nothing)
    expect(shorter).toBeGreaterThan(0);
    expect(prev.distance).toBeLessThanOrEqual(tol);
  });

  it('the guarantee against the oracle: a pebble past the bunny and past two spheres, random motions', () => {
    // Two spheres as one body: not convex, so the pebble meets it through the hull search (two
    // convex bodies would take the convex path, which this option does not concern).
    const l = icosphere(0.3, 2).translate([-0.35, 0, 0]);
    const r = icosphere(0.3, 2).translate([0.35, 0, 0]);
    const xyz = new Float64Array(9 * (l.facetCount + r.facetCount));
    for (let f = 0; f < l.facetCount; f++) xyz.set(l.facet(f), 9 * f);
    for (let f = 0; f < r.facetCount; f++) xyz.set(r.facet(f), 9 * (l.facetCount + f));
    const spheres = Surface.fromTriangles(xyz);
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1e-6, 1e-3, 0.2, 0.9),
        fc.constantFrom('bunny', 'spheres'),
        stepArb3(0.6, 2.4, false),
        (eps, which, step) => {
          const a = which === 'bunny' ? bunny : spheres;
          const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
          const r = timeOfImpact(a, pebble, motion, { gapRelativeError: eps });
          expect(r.convexEvaluations).toBe(0);
          const sw = sweep3(a, pebble, motion);
          checkGuarantee(sw, scan(sw, r.tolerance), r, `ε = ${eps}`);
          checkWitness(sw, r, `ε = ${eps}`);
        },
      ),
      { numRuns: 12, seed: seedFor(4107), endOnFailure: true },
    );
  });

  it('a gap within twice the tolerance is always the exact one, bit for bit', () => {
    // Instants before the throw's contact, at gaps from about the tolerance to a few dozen of it.
    const hit = timeOfImpact(bunny, pebble, THROW);
    const tol = hit.tolerance;
    const bodies = new SurfaceMotion(
      bunny,
      pebble,
      new RigidMotion(THROW.a[0], THROW.a[1]),
      new RigidMotion(THROW.b[0], THROW.b[1]),
      { tolerance: tol },
    );
    bodies.relativeError = 0.9;
    const mu = bodies.speedBound();
    let near = 0;
    let lowered = 0;
    for (let k = 0; k <= 60; k++) {
      const s = hit.toi - (0.5 * k * tol) / mu;
      const d = bodies.distance(s);
      const exact = surfaceDistance(bunny, pebble, { poseA: bodies.poseA, poseB: bodies.poseB }).distance;
      expect(d).toBeLessThanOrEqual(exact);
      if (d <= 2 * tol) {
        near++;
        expect(d).toBe(exact);
      } else if (d < exact) lowered++;
    }
    expect(near).toBeGreaterThan(0);
    expect(lowered).toBeGreaterThan(0);
  });

  it('refuses a relative error outside [0, 1)', () => {
    for (const bad of [-1e-9, 1, 2, Number.NaN, Number.POSITIVE_INFINITY, '1e-6', null]) {
      expect(() =>
        timeOfImpact(bunny, pebble, THROW, { gapRelativeError: bad as unknown as number }),
      ).toThrow(/gapRelativeError must be a number in \[0, 1\)/);
    }
  });
});
