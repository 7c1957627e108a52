// Property-based tests of timeOfImpact against the oracle (test/oracle): random bodies (soups,
// spheres, thin plates, cylinders, boxes, the bunny), random motions (spins up to θ = π, paths up to
// 10 long, grazing passes, bodies at rest). Every run checks the three modes (plain, default,
// directional) with checkGuarantee, checkWitness and the step counts (see scenarios.ts).

import { box, type Surface } from '@firsttouch/mesh';
import { identityPose, interpolatePose, type Pose3, transformPoint } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Motion3 } from '../src/index.js';
import {
  axis3,
  type BodySpec3,
  bodyArb3,
  buildBody3,
  checkQuery3,
  real,
  restStep,
  seedFor,
  stepArb3,
  stepPoses3,
  Tally,
  toleranceShare,
  turn,
  vec3,
} from './scenarios.js';

/** The world centre of a body's box at s. */
function centreAt(body: Surface, poses: readonly [Pose3, Pose3], s: number): Float64Array {
  const b = body.bounds();
  const c = [0, 1, 2].map((i) => 0.5 * (b.min[i] + b.max[i]));
  return transformPoint(interpolatePose(poses[0], poses[1], s), c);
}

/** The larger bounding-box diagonal of the two bodies. */
function diagonalOf(a: { bounds(): { diagonal: number } }, b: { bounds(): { diagonal: number } }): number {
  return Math.max(a.bounds().diagonal, b.bounds().diagonal);
}

describe('timeOfImpact against the oracle, random bodies and motions', { timeout: 120_000 }, () => {
  it('random bodies flying past or into each other: the guarantee, in every mode', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(
        bodyArb3,
        bodyArb3,
        fc.oneof(fc.constant(restStep), stepArb3(0.5, 2)),
        stepArb3(0, 10, false),
        real(0, 1),
        fc.oneof(vec3(0.2), vec3(0.8)),
        toleranceShare,
        fc.constantFrom(1000, 1000, 1000, 1000, 3, 1),
        (specA, specB, stepA, stepB, meet, miss, share, cap) => {
          const a = buildBody3(specA);
          const b = buildBody3(specB);
          // the centres of A's and B's boxes pass `miss` apart at the same instant `meet`
          const poseA = stepPoses3({ ...stepA, at: meet });
          const poseB = stepPoses3({ ...stepB, at: meet, through: [0, 0, 0] });
          const cA = centreAt(a, poseA, meet);
          const cB = centreAt(b, poseB, meet);
          const shift = [0, 1, 2].map((i) => cA[i] - cB[i] + miss[i]);
          const motion: Motion3 = {
            a: poseA,
            b: [poseB[0], poseB[1]].map((p) => ({ R: p.R, t: p.t.map((x, i) => x + shift[i]) })) as [
              Pose3,
              Pose3,
            ],
          };
          const tol = share === undefined || !(diagonalOf(a, b) > 0) ? undefined : share * diagonalOf(a, b);
          checkQuery3(a, b, motion, tol, tally, cap);
        },
      ),
      { numRuns: 70, seed: seedFor(3301), endOnFailure: true },
    );
    console.log(tally.counts);
    // the generators reach every outcome
    expect(tally.get('false:contact')).toBeGreaterThan(3);
    expect(tally.get('false:separate')).toBeGreaterThan(3);
    expect(tally.get('false:initial-contact')).toBeGreaterThan(0);
  });

  it('fast spins up to θ = π about the body origin, far from the body (large μ from ρ)', () => {
    fc.assert(
      fc.property(
        bodyArb3,
        bodyArb3,
        axis3,
        turn,
        vec3(1.5),
        fc.constantFrom(undefined, 1e-3),
        (specA, specB, k, theta, lever, share) => {
          const a = buildBody3(specA);
          // B is carried on a lever arm from its own origin: it sweeps an arc of radius |lever|
          const b = buildBody3(specB).translate(lever);
          const tol = share === undefined || !(diagonalOf(a, b) > 0) ? undefined : share * diagonalOf(a, b);
          const motion: Motion3 = {
            a: [identityPose(), identityPose()],
            b: stepPoses3({ ...restStep, axis0: k, angle0: 0.3, axis: k, theta, through: [0, 0, 0] }),
          };
          checkQuery3(a, b, motion, tol);
        },
      ),
      { numRuns: 40, seed: seedFor(3302), endOnFailure: true },
    );
  });

  it('grazing passes over a face at a height of a few tolerances', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(
        bodyArb3,
        fc.constantFrom(0.3, 0.49, 0.51, 0.8, 1.2, 2, 4, 8),
        fc.constantFrom(1e-4, 1e-3),
        real(-0.3, 0.3),
        fc.oneof(fc.constant(0), real(0, 0.3)),
        axis3,
        (specB, heightInTol, tolerance, lane, spin, k) => {
          // A: a slab whose top face is y = 0 over x, z ∈ [−1, 1]; B passes along x above it
          const slab = box([2, 0.2, 2]).translate([0, -0.1, 0]);
          const b = buildBody3(specB);
          const R0 = stepPoses3({ ...restStep, axis0: k, angle0: 1 }).map((p) => p.R)[0];
          let lowest = Number.POSITIVE_INFINITY;
          for (let v = 0; v < b.vertexCount; v++) {
            const p = b.positions;
            lowest = Math.min(lowest, R0[3] * p[3 * v] + R0[4] * p[3 * v + 1] + R0[5] * p[3 * v + 2]);
          }
          const h = heightInTol * tolerance;
          const y = h - lowest;
          const motion: Motion3 = {
            a: [identityPose(), identityPose()],
            b: stepPoses3({
              axis0: k,
              angle0: 1,
              axis: [0, 1, 0],
              theta: spin,
              through: [-2.5, y, lane],
              at: 0,
              velocity: [5, 0, 0],
            }),
          };
          const { scan } = checkQuery3(slab, b, motion, tolerance, tally);
          // B turns about the vertical only: its points keep their heights, ≥ h above the face plane
          // (the scan is exact up to 4 tol, a bound above that)
          expect(scan.min).toBeGreaterThanOrEqual(Math.min(h, 4 * tolerance) - 1e-9);
        },
      ),
      { numRuns: 60, seed: seedFor(3303), endOnFailure: true },
    );
    console.log(tally.counts);
    expect(tally.get('oracle:below-half')).toBeGreaterThan(0);
  });

  it('far from the world origin (translations of 1e3): the same guarantee, the slack grown with the coordinates', () => {
    fc.assert(
      fc.property(
        bodyArb3,
        bodyArb3,
        stepArb3(0.3, 3, false),
        vec3(2000),
        real(0, 1),
        (specA, specB, stepB, far, meet) => {
          const a = buildBody3(specA);
          const b = buildBody3(specB);
          const shifted = (p: Pose3): Pose3 => ({ R: p.R, t: p.t.map((x, i) => x + far[i]) });
          const poseB = stepPoses3({ ...stepB, at: meet });
          const motion: Motion3 = {
            a: [shifted(identityPose()), shifted(identityPose())],
            b: [shifted(poseB[0]), shifted(poseB[1])],
          };
          checkQuery3(a, b, motion, undefined);
        },
      ),
      { numRuns: 20, seed: seedFor(3306), endOnFailure: true },
    );
  });

  it('bodies at rest: separate in one step or initial contact', () => {
    fc.assert(
      fc.property(bodyArb3, bodyArb3, vec3(1.2), axis3, real(0, 3), (specA, specB, t, k, angle) => {
        const a = buildBody3(specA);
        const b = buildBody3(specB);
        const still = stepPoses3({ ...restStep, axis0: k, angle0: angle, through: t });
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: [still[0], still[0]] };
        const { results, scan } = checkQuery3(a, b, motion, undefined);
        for (const r of results) {
          expect(r.mu).toBe(0);
          if (scan.d0 > r.tolerance) expect([r.status, r.iterations, r.toi]).toEqual(['separate', 1, 1]);
          else expect(r.status).toBe('initial-contact');
        }
      }),
      { numRuns: 40, seed: seedFor(3304), endOnFailure: true },
    );
  });
});

describe('timeOfImpact against the oracle, the bunny', { timeout: 120_000 }, () => {
  const bunnySpec: BodySpec3 = { kind: 'bunny', scale: 1, offset: [0, 0, 0] };

  it('small bodies thrown at the bunny, spinning', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            kind: fc.constant('box' as const),
            sides: fc.tuple(fc.constant(0.04), fc.constant(0.04), fc.constant(0.04)),
            offset: fc.constant([0, 0, 0]),
          }),
          fc.record({
            kind: fc.constant('sphere' as const),
            radius: fc.constantFrom(0.03, 0.1),
            level: fc.constant(1),
            offset: fc.constant([0, 0, 0]),
          }),
          fc.record({
            kind: fc.constant('plate' as const),
            sides: fc.constant([0.2, 0.3]),
            thickness: fc.constant(1e-3),
            axis: axis3,
            angle: fc.constant(1),
            offset: fc.constant([0.05, 0, 0]),
          }),
        ),
        stepArb3(0.35, 3),
        (specB, stepB) => {
          const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(stepB) };
          checkQuery3(buildBody3(bunnySpec), buildBody3(specB), motion, undefined);
        },
      ),
      { numRuns: 6, seed: seedFor(3305), endOnFailure: true },
    );
  });

  it('the bunny spinning a half turn by a plate it just misses or just touches', () => {
    const bunny = buildBody3(bunnySpec);
    for (const gapInTol of [-50, 0.4, 3, 1e4]) {
      const tol = 1e-6 * bunny.bounds().diagonal;
      const plate = box([3, 3, 0.001]);
      // the bunny turns about z in place; its lowest z over the turn is the lowest vertex's z (z is the axis)
      let lowest = Number.POSITIVE_INFINITY;
      for (let v = 2; v < bunny.positions.length; v += 3) lowest = Math.min(lowest, bunny.positions[v]);
      const z = 0.0005 + gapInTol * tol - lowest;
      const motion: Motion3 = {
        a: [identityPose(), identityPose()],
        b: stepPoses3({
          ...restStep,
          axis0: [0, 0, 1],
          angle0: 0,
          axis: [0, 0, 1],
          theta: Math.PI,
          through: [0, 0, z],
        }),
      };
      const { results } = checkQuery3(plate, bunny, motion, undefined);
      if (gapInTol < 0) expect(results[0].status).toBe('initial-contact');
      if (gapInTol > 1e3) for (const r of results) expect(r.status).toBe('separate');
    }
  });
});
