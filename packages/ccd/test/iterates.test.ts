// With maxIterations = k a query returns the k-th iterate s_k and the gap there, so the iterates can
// be printed one by one: the runs with k = 1, 2, 3, ... are the prefixes of the full run, each
// iterate follows from the previous one by the step of its bound, and the witness data of every
// result are those of its own toi.

import { box, Curve, convexCurve, disc, icosphere, rectangle, type Surface } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  type DirectionalMode,
  type Motion2,
  type Motion3,
  type TimeOfImpact2Result,
  type TimeOfImpactResult,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';
import { cuboid, tutorialDisc, tutorialWall, unitBunny } from './helpers.js';
import { type AnyResult, checkWitness, type Sweep, slackOf, sweep2, sweep3 } from './oracle/sweep.js';

type Run = (directional: DirectionalMode, maxIterations?: number) => AnyResult;

interface Case {
  name: string;
  run: Run;
  sweep: () => Sweep;
  /** Check the prefixes k = 1..cap only (and a few beyond), for long runs. */
  cap?: number;
  /**
   * 'auto' takes the directional step at every step (two small convex rings: ccd's path for two
   * small turning polygons, where the step costs a few flops on the gap's axis).
   */
  everyStep?: boolean;
}

const rest = identityPose();

function case3(
  name: string,
  a: () => Surface,
  b: () => Surface,
  motion: Motion3,
  tolerance?: number,
  cap?: number,
): Case {
  return {
    name,
    // every step from the exact gap (the specification's loop): the steps are checked bit for bit
    run: (directional, maxIterations) =>
      timeOfImpact(a(), b(), motion, {
        tolerance,
        directional,
        maxIterations,
        gapRelativeError: 0,
      }) as TimeOfImpactResult,
    sweep: () => sweep3(a(), b(), motion),
    cap,
  };
}

function case2(
  name: string,
  a: () => Curve,
  b: () => Curve,
  motion: Motion2,
  tolerance?: number,
  cap?: number,
): Case {
  return {
    name,
    run: (directional, maxIterations) =>
      timeOfImpact2(a(), b(), motion, { tolerance, directional, maxIterations }) as TimeOfImpact2Result,
    sweep: () => sweep2(a(), b(), motion),
    cap,
    everyStep: convexCurve(a()).polygon !== null && convexCurve(b()).polygon !== null,
  };
}

const post = cuboid(0.1, 0.1, 1, [0, 0.6, 0]);
const bar = cuboid(2, 0.1, 0.1);
const pebble = box(0.04);
const ball = icosphere(0.3, 1).translate([0.1, 0, 0]);
const slab = box([2, 0.2, 2]);

const cases: Case[] = [
  case3('a pebble thrown at the bunny, turning a quarter turn', unitBunny, () => pebble, {
    a: [rest, rest],
    b: [
      poseFromAxisAngle([0, 1, 0], 0, [-1, -0.1, 0]),
      poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1, -0.1, 0]),
    ],
  }),
  case3(
    'a bar turning onto a post',
    () => post,
    () => bar,
    {
      a: [rest, rest],
      b: [rest, poseFromAxisAngle([0, 0, 1], Math.PI / 2)],
    },
    1e-6,
  ),
  case3(
    'an off-centre ball spinning down onto a slab that moves up',
    () => slab,
    () => ball,
    {
      a: [poseFromAxisAngle([0, 0, 1], 0, [0, -0.5, 0]), poseFromAxisAngle([0, 0, 1], 0, [0.2, -0.3, 0])],
      b: [poseFromAxisAngle([1, 0, 0], 0, [0, 1, 0]), poseFromAxisAngle([1, 1, 0], 2.5, [0.5, -0.2, 0.3])],
    },
  ),
  case3(
    'a cube gliding over a cube 3 tolerances up, then dropping',
    () => box(1),
    () => box(1),
    {
      a: [rest, rest],
      b: [
        poseFromAxisAngle([0, 0, 1], 0, [-0.3, 1 + 3e-6, 0]),
        poseFromAxisAngle([0, 0, 1], 0, [0.3, 1 - 1e-3, 0]),
      ],
    },
    1e-6,
    40,
  ),
  case2(
    'the tutorial disc sliding at a gap of 0.02',
    tutorialWall,
    tutorialDisc,
    {
      a: [pose2(), pose2()],
      b: [pose2(0, [0.1, 0.05]), pose2(0, [0.9, 0.05])],
    },
    1e-6,
  ),
  case2(
    'the tutorial disc sliding at 4 tolerances (the cap)',
    tutorialWall,
    tutorialDisc,
    {
      a: [pose2(), pose2()],
      b: [pose2(0, [0.1, 0.030004]), pose2(0, [0.9, 0.030004])],
    },
    1e-6,
    30,
  ),
  case2(
    'a long bar turning 3 rad past a square and onto it',
    () => rectangle(0.2, 0.2).translate([0, 0.9]),
    () => rectangle(2, 0.05),
    {
      a: [pose2(), pose2()],
      b: [pose2(-0.2, [0, 0]), pose2(2.8, [0.1, -0.1])],
    },
  ),
  case2(
    'a disc falling onto an open polyline',
    () => Curve.fromPolyline([-1, -0.3, 0, 0.4, 1], [0, 0.1, -0.05, 0.2, 0]),
    () => disc(0.1, 12),
    {
      a: [pose2(), pose2()],
      b: [pose2(0, [-0.5, 1]), pose2(2, [0.6, -0.5])],
    },
  ),
];

/** The stall rule of the default mode, in the test's words: < 1 % of what is left and < 1 % of the margin. */
function stalled(s: number, next: number, d: number, dNext: number, tol: number): boolean {
  return next - s < 0.01 * (1 - s) && d - dNext < 0.01 * (d - 0.5 * tol);
}

describe.each(cases)('$name', ({ run, sweep, cap, everyStep }) => {
  it.each([false, 'auto', true] as DirectionalMode[])(
    'directional %s: the runs with maxIterations = k are the prefixes',
    (directional) => {
      const full = run(directional);
      const plain = run(false);
      const sw = sweep();
      const slack = slackOf(sw);
      const tol = full.tolerance;
      const mu = full.mu;
      checkWitness(sw, full, 'full run');
      const K = full.iterations;
      expect(K).toBeGreaterThan(0);
      const last = Math.min(K, cap ?? K);
      const ks = Array.from({ length: last }, (_, i) => i + 1);
      if (last < K) ks.push(Math.floor(K / 2), K - 1, K);
      // the first step starts from the oracle's gap at 0
      let prevS = 0;
      let prevD = sw.at(0).distance;
      let prevK = 0;
      let stalls = 0;
      let switched = directional === true || (directional === 'auto' && everyStep === true);
      for (const k of ks) {
        const r = run(directional, k);
        if (k < K) {
          expect(r.status).toBe('not-converged');
          expect(r.iterations).toBe(k);
        } else {
          expect(r).toEqual(full);
          // a larger cap changes nothing once the run has ended by itself
          if (full.status !== 'not-converged') expect(run(directional, K + 7)).toEqual(full);
        }
        checkWitness(sw, r, `k = ${k}`);
        if (k === prevK + 1) {
          expect(r.toi).toBeGreaterThan(prevS);
          const step = (prevD - 0.5 * tol) / mu;
          const plainNext = step >= 1 - prevS ? 1 : prevS + step;
          if (k === 1) {
            // d_0 is the oracle's here: equal up to rounding
            const rounding = (2 * slack) / mu + 1e-15;
            if (switched) expect(r.toi).toBeGreaterThanOrEqual(plainNext - rounding);
            else expect(Math.abs(r.toi - plainNext)).toBeLessThanOrEqual(rounding);
          } else if (!switched) {
            // plain steps: bit for bit the step (d_k − tol/2) / μ
            expect(r.toi).toBe(plainNext);
          } else {
            // the larger of the two steps
            expect(r.toi).toBeGreaterThanOrEqual(plainNext);
          }
          if (directional === 'auto' && !switched) {
            stalls = stalled(prevS, r.toi, prevD, r.distance, tol) ? stalls + 1 : 0;
            if (stalls >= 8) switched = true;
          }
        }
        if (k <= plain.iterations && directional !== false) {
          // more certified ground than the plain run after as many steps (the plain step is monotone in s)
          const p = run(false, k);
          expect(r.toi).toBeGreaterThanOrEqual(p.toi - 1e-12);
        }
        prevS = r.toi;
        prevD = r.distance;
        prevK = k;
      }
    },
  );
});

describe('the default mode is the plain run bit for bit until it stalls 8 times', () => {
  it('a throw that never stalls: identical results', () => {
    const m: Motion3 = {
      a: [rest, rest],
      b: [
        poseFromAxisAngle([0, 1, 0], 0, [-1, -0.1, 0]),
        poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1, -0.1, 0]),
      ],
    };
    const auto = timeOfImpact(unitBunny(), pebble, m);
    const plain = timeOfImpact(unitBunny(), pebble, m, { directional: false });
    expect(auto).toEqual(plain);
    expect(auto.directionalPairEvaluations).toBe(0);
  });
});
