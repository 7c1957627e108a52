import { timeOfImpact } from '@firsttouch/ccd';
import { type Surface, surfaceDistance } from '@firsttouch/mesh';
import { interpolatePose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairBound } from '../src/pair-bound.js';
import { stepBodies3 } from '../src/step-bodies3.js';
import { ball, pebble, rng, scene, slab } from './helpers.js';

// bodies whose origin is off their centre, so the ball about the origin is loose
const offPebble = pebble.translate([0.03, -0.01, 0]);
const kinds = [pebble, ball, slab, offPebble];

describe('the pair bound of the search', () => {
  it('never exceeds the gap of the meshes over the window', () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { bodies, poses0, poses1 } = scene(seed, 10, 0.4, 0.3, Math.PI, kinds);
      const b = stepBodies3(bodies, poses0, poses1);
      const r = rng(seed);
      for (const h of [1, 0.2, 0.03]) {
        const bound = new PairBound(b, 1e-6, h, 1000);
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            for (const s of [0, h * r(), h]) {
              const g = bound.gap(i, j, s);
              const d = surfaceDistance(bodies[i], bodies[j], {
                poseA: interpolatePose(poses0[i], poses1[i], s),
                poseB: interpolatePose(poses0[j], poses1[j], s),
              }).distance;
              expect(g).toBeLessThanOrEqual(d);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("never comes after the pair's reported toi (or the window's end)", () => {
    let bounded = 0;
    for (const seed of [7, 8, 9, 10, 11, 12]) {
      const { bodies, poses0, poses1 } = scene(seed, 9, 0.3, 0.3, Math.PI, kinds);
      const b = stepBodies3(bodies, poses0, poses1);
      for (const h of [1, 0.1]) {
        const bound = new PairBound(b, 1e-6, h, 1000);
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            const s = bound.advance(i, j, h);
            const r = timeOfImpact(
              bodies[i],
              bodies[j],
              { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
              { tolerance: 1e-6 },
            );
            if (r.status === 'separate') continue;
            expect(r.toi > h || r.toi >= s).toBe(true);
            if (s > 0) bounded++;
          }
        }
      }
    }
    expect(bounded).toBeGreaterThan(10);
  });

  it('answers the same in two stages (nearInto, then restInto after a touch) as advance', () => {
    // the pair pass runs the bound in two stages over a chunk's pairs, the second after reading
    // the oriented boxes ahead: each pair must get the very number advance gives it
    let near = 0;
    let rest = 0;
    for (const seed of [21, 22, 23, 24]) {
      const { bodies, poses0, poses1 } = scene(seed, 12, 0.3, 0.3, Math.PI, kinds);
      const b = stepBodies3(bodies, poses0, poses1);
      for (const h of [1, 0.1, 0.01]) {
        const whole = new PairBound(b, 1e-6, h, 1000);
        const staged = new PairBound(b, 1e-6, h, 1000);
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            const s = whole.advance(i, j, h);
            if (staged.nearInto(i, j, h)) near++;
            else {
              expect(Number.isFinite(staged.touch(i, j))).toBe(true);
              staged.restInto(i, j, h);
              rest++;
            }
            expect(staged.reached[0]).toBe(s);
          }
        }
      }
    }
    expect(near).toBeGreaterThan(50);
    expect(rest).toBeGreaterThan(50);
  });

  it('leaves a pair out by its balls alone only where it cannot report a toi in the window', () => {
    // B flies past A (its closest approach anywhere in the step), turning; the iteration cap as low
    // as 1, so that a NotConverged lower bound could come early if the balls' test were loose
    let byBalls = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: kinds.length - 1 }),
        fc.integer({ min: 0, max: kinds.length - 1 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 9, maxLength: 9 }),
        fc.double({ min: 0.05, max: 0.6, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.constantFrom(1, 2, 5, 30, 1000),
        (ka, kb, u, miss, h, maxIterations) => {
          const a = kinds[ka];
          const b = kinds[kb];
          const axis = [u[6], u[7], u[8] + 1.5];
          const start = [u[0], u[1], u[2]];
          const len = Math.hypot(start[0], start[1], start[2]) || 1;
          // from `start` (about 0.5 out) to its mirror image, offset sideways by `miss`
          const from = start.map((x) => (0.5 * x) / len);
          const to = [-from[0] + miss * u[3], -from[1] + miss * u[4], -from[2] + miss * u[5]];
          const poses0 = [poseFromAxisAngle(axis, u[3], [0, 0, 0]), poseFromAxisAngle(axis, u[4], from)];
          const poses1 = [
            poseFromAxisAngle(axis, u[3] + u[5], [0, 0, 0]),
            poseFromAxisAngle(axis, u[4] + 2 * u[6], to),
          ];
          const step = stepBodies3([a, b], poses0, poses1);
          const s = new PairBound(step, 1e-6, h, maxIterations).advance(0, 1, h);
          if (s === Number.POSITIVE_INFINITY) byBalls++;
          if (!(s > h)) return;
          const r = timeOfImpact(
            a,
            b,
            { a: [poses0[0], poses1[0]], b: [poses0[1], poses1[1]] },
            { tolerance: 1e-6, maxIterations },
          );
          expect(r.status === 'separate' || r.toi > h).toBe(true);
          // and the surfaces stay apart over the window, sampled
          for (let k = 0; k <= 16; k++) {
            const t = (h * k) / 16;
            const d = surfaceDistance(a, b, {
              poseA: interpolatePose(poses0[0], poses1[0], t),
              poseB: interpolatePose(poses0[1], poses1[1], t),
            }).distance;
            expect(d).toBeGreaterThan(1e-6);
          }
        },
      ),
      { numRuns: 300, seed: 0x5a11 },
    );
    expect(byBalls).toBeGreaterThan(50);
  });

  it('holds the iteration cap where the speed bound, not the gap, closes', () => {
    // B spins in place beside A, or slides past A's face at a constant height: μ counts the spin or
    // the slide while the gap hardly closes, so with few iterations the pair reports a NotConverged
    // lower bound at about d/μ; a bound that ignored the cap would leave such a pair out of a
    // window it ends in (the balls' test decides the spinning pairs, the slab's face the sliding)
    const spin = (x: number): [Pose3, Pose3, Pose3, Pose3] => [
      poseFromAxisAngle([0, 1, 0], 0.3, [0, 0, 0]),
      poseFromAxisAngle([0, 1, 0], 0.3, [0, 0, 0]),
      poseFromAxisAngle([0, 0, 1], 0, [x, 0.05, 0]),
      poseFromAxisAngle([0, 0, 1], 3, [x, 0.05, 0]),
    ];
    const slide = (y: number): [Pose3, Pose3, Pose3, Pose3] => [
      poseFromAxisAngle([0, 1, 0], 0, [0, 0, 0]),
      poseFromAxisAngle([0, 1, 0], 0, [0, 0, 0]),
      poseFromAxisAngle([0, 1, 0], 0, [-0.6, y, 0.01]),
      poseFromAxisAngle([0, 1, 0], 0, [0.6, y, -0.01]),
    ];
    const cases: [Surface, Surface, (u: number) => [Pose3, Pose3, Pose3, Pose3], number][] = [
      [slab, pebble, spin, 0.25],
      [pebble, pebble, spin, 0.25],
      [pebble, slab, spin, 0.25],
      [slab, pebble, slide, 0.03],
      [slab, slab, slide, 0.01],
    ];
    const notConverged = new Set<string>();
    let leftOut = 0;
    for (const [a, b, at, from] of cases) {
      for (const maxIterations of [1, 2, 3]) {
        for (let k = 1; k <= 24; k++) {
          const [a0, a1, b0, b1] = at(from + 0.02 * k);
          const step = stepBodies3([a, b], [a0, b0], [a1, b1]);
          for (const h of [1, 0.5, 0.2, 0.05]) {
            const s = new PairBound(step, 1e-6, h, maxIterations).advance(0, 1, h);
            const r = timeOfImpact(a, b, { a: [a0, a1], b: [b0, b1] }, { tolerance: 1e-6, maxIterations });
            if (r.status === 'not-converged' && r.toi <= h) notConverged.add(`${at.name} ${k}`);
            if (s > h) leftOut++;
            if (r.status !== 'separate') expect(r.toi > h || r.toi >= s).toBe(true);
          }
        }
      }
    }
    expect([...notConverged].filter((x) => x.startsWith('spin')).length).toBeGreaterThan(5);
    expect([...notConverged].filter((x) => x.startsWith('slide')).length).toBeGreaterThan(5);
    expect(leftOut).toBeGreaterThan(20);
  });
});
