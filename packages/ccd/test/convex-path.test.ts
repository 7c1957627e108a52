// The convex path: two convex bodies get their gap from GJK on the vertex hulls (a certified lower
// bound) instead of the trees. Against the oracle, with the trees' answer beside it (`convex: false`):
// the same guarantee, the same outcome, and a fallback to the trees where the hulls are not the
// surfaces (one body inside the other).

import { box, Curve, cylinder, disc, icosphere, rectangle, type Surface } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Motion2,
  type Motion3,
  type TimeOfImpactResult,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkGuarantee, checkWitness, scan, sweep2, sweep3 } from './oracle/sweep.js';
import { real, seedFor, stepArb2, stepArb3, stepPoses2, stepPoses3, vec3 } from './scenarios.js';

/** A convex body: a box, a sphere or a cylinder, stretched along its axes and moved off its origin. */
const convexArb = fc
  .tuple(
    fc.constantFrom('box', 'sphere', 'cylinder', 'plate'),
    fc.integer({ min: 0, max: 2 }),
    fc.tuple(real(0.05, 1), real(0.05, 1), real(0.05, 1)),
    vec3(0.3),
  )
  .map(([kind, level, [sx, sy, sz], offset]) => {
    const base =
      kind === 'box'
        ? box(1, level + 1)
        : kind === 'sphere'
          ? icosphere(0.5, level)
          : kind === 'cylinder'
            ? cylinder(0.5, 1, 5 + 3 * level)
            : box([1, 1, 0.002]);
    return base.scale(sx, sy, sz).translate(offset);
  });

/** A convex curve: a disc (a regular polygon), a rectangle, or a polygon on a circle, moved off its origin. */
const convexCurveArb = fc
  .tuple(
    fc.constantFrom('disc', 'rectangle', 'polygon'),
    fc.tuple(real(0.02, 0.6), real(0.001, 1)),
    fc.array(real(0, 2 * Math.PI), { minLength: 3, maxLength: 8 }),
    fc.tuple(real(-0.3, 0.3), real(-0.3, 0.3)),
  )
  .map(([kind, [r, h], angles, offset]) => {
    if (kind === 'disc') return disc(r, 3 + angles.length * 3).translate(offset);
    if (kind === 'rectangle') return rectangle(r, h).translate(offset);
    const sorted = [...new Set(angles.map((x) => Math.round(x * 100) / 100))].sort((x, y) => x - y);
    if (sorted.length < 3) return disc(r, 5).translate(offset);
    return Curve.fromLoops(
      sorted.map((x) => r * Math.cos(x) + offset[0]),
      sorted.map((x) => r * Math.sin(x) + offset[1]),
      [sorted.length],
    );
  });

function both(
  a: Surface,
  b: Surface,
  motion: Motion3,
  tolerance?: number,
): [TimeOfImpactResult, TimeOfImpactResult] {
  return [
    timeOfImpact(a, b, motion, { tolerance }),
    // the trees with every step from the exact gap: the specification's loop
    timeOfImpact(a, b, motion, { tolerance, convex: false, gapRelativeError: 0 }),
  ];
}

describe('the convex path against the oracle and the trees', { timeout: 120_000 }, () => {
  it('random convex bodies, random motions: the guarantee holds and the outcome is the trees’', () => {
    let same = 0;
    let runs = 0;
    let hulls = 0;
    fc.assert(
      fc.property(
        convexArb,
        convexArb,
        stepArb3(0.3, 2),
        stepArb3(0, 8, false),
        fc.oneof(vec3(0.3), vec3(1)),
        (a, b, stepA, stepB, miss) => {
          const motion: Motion3 = {
            a: stepPoses3({ ...stepA, at: 0.5 }),
            b: stepPoses3({ ...stepB, at: 0.5, through: miss }),
          };
          const [convex, trees] = both(a, b, motion);
          const sw = sweep3(a, b, motion);
          const sc = scan(sw, convex.tolerance);
          checkGuarantee(sw, sc, convex, `convex (${convex.status} at ${convex.toi})`);
          checkWitness(sw, convex, `convex (${convex.status} at ${convex.toi})`);
          expect(trees.convexEvaluations).toBe(0);
          expect(convex.convexEvaluations).toBeGreaterThan(0);
          hulls += convex.convexEvaluations;
          runs++;
          if (convex.status === trees.status) same++;
        },
      ),
      { numRuns: 120, seed: seedFor(5301), endOnFailure: true },
    );
    // Both are certified; only a gap within rounding of the tolerance may end them differently.
    expect(same).toBeGreaterThanOrEqual(runs - 2);
    expect(hulls).toBeGreaterThan(runs);
  });

  it('the steps follow from the same gaps: on a plain throw the iterates match the trees’ to 1e-12', () => {
    const a = box([0.001, 1, 1]);
    const b = box(0.04, 2);
    const motion: Motion3 = {
      a: [identityPose(), identityPose()],
      b: [
        poseFromAxisAngle([0, 1, 0], 0, [-0.5, 0.1, 0]),
        poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.5, 0, 0.05]),
      ],
    };
    const [convex, trees] = both(a, b, motion, 1e-6);
    expect(convex.status).toBe('contact');
    expect(convex.iterations).toBe(trees.iterations);
    expect(Math.abs(convex.toi - trees.toi)).toBeLessThanOrEqual(1e-12);
    // the witness facets may differ where several meet the gap (a face of two facets): both are closest
    const sw = sweep3(a, b, motion);
    checkWitness(sw, convex, 'convex');
    checkWitness(sw, trees, 'trees');
    // one exact facet pair for the contact, against a tree search per step
    expect(convex.pairEvaluations).toBeLessThan(trees.pairEvaluations);
  });

  it('a body inside another: the hulls overlap, the trees take over and the answer is theirs', () => {
    const shell = box(2);
    const inner = box(0.3);
    const motion: Motion3 = {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([0, 0, 1], 0, [-0.4, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [0.4, 0.2, 0])],
    };
    const [convex, trees] = both(shell, inner, motion);
    expect(trees.status).toBe('separate');
    expect(convex.status).toBe(trees.status);
    expect(convex.toi).toBe(trees.toi);
    expect(convex.distance).toBe(trees.distance);
    expect(convex.convexEvaluations).toBe(1);
    const sw = sweep3(shell, inner, motion);
    checkGuarantee(sw, scan(sw, convex.tolerance), convex, 'nested');
  });

  it('a body that is not convex never takes the path', () => {
    const r = timeOfImpact(unitBunny(), box(0.04, 2), {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([0, 1, 0], 0, [-0.8, 0, 0]), poseFromAxisAngle([0, 1, 0], 1, [0.8, 0, 0])],
    });
    expect(r.convexEvaluations).toBe(0);
  });

  it('2-D: random convex polygons, turning: the guarantee holds and the outcome is the exact search’s', () => {
    let same = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        convexCurveArb,
        convexCurveArb,
        stepArb2(0.3, 2),
        stepArb2(0, 8, false),
        fc.tuple(real(-0.5, 0.5), real(-0.5, 0.5)),
        (a, b, stepA, stepB, miss) => {
          const motion: Motion2 = {
            a: stepPoses2({ ...stepA, at: 0.5 }),
            b: stepPoses2({ ...stepB, at: 0.5, through: miss }),
          };
          const convex = timeOfImpact2(a, b, motion);
          const exact = timeOfImpact2(a, b, motion, { convex: false });
          const sw = sweep2(a, b, motion);
          const sc = scan(sw, convex.tolerance);
          checkGuarantee(sw, sc, convex, `convex (${convex.status} at ${convex.toi})`);
          checkWitness(sw, convex, `convex (${convex.status} at ${convex.toi})`);
          expect(exact.convexEvaluations).toBe(0);
          expect(convex.convexEvaluations).toBeGreaterThan(0);
          runs++;
          if (convex.status === exact.status) same++;
        },
      ),
      { numRuns: 150, seed: seedFor(5302), endOnFailure: true },
    );
    expect(same).toBeGreaterThanOrEqual(runs - 2);
  });

  it('2-D: a disc moving inside a box: the hulls overlap, the exact search takes over', () => {
    const box2 = rectangle(2, 2);
    const inner = disc(0.2, 12);
    const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [-0.5, 0]), pose2(2, [0.5, 0.3])] };
    const convex = timeOfImpact2(box2, inner, motion);
    const exact = timeOfImpact2(box2, inner, motion, { convex: false });
    expect(exact.status).toBe('separate');
    expect([convex.status, convex.toi, convex.distance]).toEqual([exact.status, exact.toi, exact.distance]);
    expect(convex.convexEvaluations).toBe(1);
  });

  it('rejects a convex option that is not a boolean', () => {
    const m: Motion3 = { a: [identityPose(), identityPose()], b: [identityPose(), identityPose()] };
    // @ts-expect-error: the wrong type on purpose
    expect(() => timeOfImpact(box(1), box(1), m, { convex: 'yes' })).toThrow(/convex must be true or false/);
  });
});
