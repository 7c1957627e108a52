// Figures that must come out exactly (the tutorial's sliding disc, built here from its definition),
// and the cases of the specification's table, each checked against the oracle as well.

import { box, Curve, disc, naca4Section, rectangle, type Surface } from '@firsttouch/mesh';
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
import { cuboid, tutorialDisc, tutorialWall } from './helpers.js';
import { oracleBody3 } from './oracle/bodies.js';
import { checkGuarantee, checkWitness, scan, sweep2, sweep3 } from './oracle/sweep.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
const rest = identityPose();

describe('the tutorial: a disc sliding 0.8 along a wall, tolerance 1e-6, no rotation', () => {
  const wall = tutorialWall();
  const particle = tutorialDisc();
  const motionAt = (gap: number): Motion2 => ({
    a: [pose2(), pose2()],
    b: [pose2(0, [0.1, 0.03 + gap]), pose2(0, [0.9, 0.03 + gap])],
  });
  const run = (gap: number, directional: DirectionalMode): TimeOfImpact2Result =>
    timeOfImpact2(wall, particle, motionAt(gap), { tolerance: 1e-6, directional });

  it("the particle is mesh's disc(0.03, 32), vertex for vertex", () => {
    expect(Array.from(particle.positions)).toEqual(Array.from(disc(0.03, 32).positions));
  });

  it('gap 0.02: plain separate in 41 steps, default 41, directional 1', () => {
    const figures = MODES.map((m) => run(0.02, m)).map((r) => [r.status, r.toi, r.iterations]);
    expect(figures).toEqual([
      ['separate', 1, 41],
      ['separate', 1, 41],
      ['separate', 1, 1],
    ]);
  });

  it('gap 4e-6: plain not converged at s = 0.004375 after 1000 steps, default separate in 9, directional 1', () => {
    const plain = run(4e-6, false);
    expect(plain.status).toBe('not-converged');
    expect(plain.iterations).toBe(1000);
    expect(plain.toi.toFixed(6)).toBe('0.004375');
    // 1000 plain steps of (4e-6 − 5e-7) / 0.8 = 4.375e-6 each
    expect(Math.abs(plain.toi - 0.004375)).toBeLessThan(1e-12);
    const auto = run(4e-6, 'auto');
    expect([auto.status, auto.toi, auto.iterations]).toEqual(['separate', 1, 9]);
    const directional = run(4e-6, true);
    expect([directional.status, directional.toi, directional.iterations]).toEqual(['separate', 1, 1]);
  });

  it('the witness: the top edge of the wall and the lowest vertex of the disc, the gap apart, normal +y', () => {
    for (const gap of [0.02, 4e-6]) {
      for (const m of MODES) {
        const r = run(gap, m);
        expect(r.segmentA).toBe(2); // (1, 0) → (0, 0)
        expect([23, 24]).toContain(r.segmentB); // the segments at vertex 24, angle 3π/2
        expect(Math.abs(r.distance - gap)).toBeLessThan(1e-15);
        expect(r.pointA[1]).toBe(0);
        expect(Math.abs(r.pointB[0] - r.pointA[0])).toBeLessThan(1e-12);
        expect(Math.abs(r.normal[1] - 1)).toBeLessThan(1e-12);
        expect(r.mu).toBe(0.8);
      }
    }
  });

  it('every run keeps the guarantee against the oracle', () => {
    for (const gap of [0.02, 4e-6]) {
      const sw = sweep2(wall, particle, motionAt(gap));
      const sc = scan(sw, 1e-6);
      expect(sc.below).toBeNull();
      for (const m of MODES) {
        const r = run(gap, m);
        checkGuarantee(sw, sc, r, `gap ${gap}, directional ${m}`);
        checkWitness(sw, r, `gap ${gap}, directional ${m}`);
      }
    }
  });
});

/** Runs the three modes, checks each against the oracle, returns them. */
function allModes3(a: Surface, b: Surface, motion: Motion3, tolerance?: number): TimeOfImpactResult[] {
  const results = MODES.map((directional) => timeOfImpact(a, b, motion, { tolerance, directional }));
  const sw = sweep3(a, b, motion);
  const sc = scan(sw, results[0].tolerance);
  results.forEach((r, i) => {
    checkGuarantee(sw, sc, r, `directional ${MODES[i]}`);
    checkWitness(sw, r, `directional ${MODES[i]}`);
  });
  return results;
}

function allModes2(a: Curve, b: Curve, motion: Motion2, tolerance?: number): TimeOfImpact2Result[] {
  const results = MODES.map((directional) => timeOfImpact2(a, b, motion, { tolerance, directional }));
  const sw = sweep2(a, b, motion);
  const sc = scan(sw, results[0].tolerance);
  results.forEach((r, i) => {
    checkGuarantee(sw, sc, r, `directional ${MODES[i]}`);
    checkWitness(sw, r, `directional ${MODES[i]}`);
  });
  return results;
}

describe("the specification's table", () => {
  it('two unit cubes head-on, 1 apart, closing at 3: toi in [(1 − tol)/3, 1/3] in one step', () => {
    const motions: Motion3[] = [
      {
        a: [rest, rest],
        b: [poseFromAxisAngle([0, 0, 1], 0, [2, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0])],
      },
      {
        a: [poseFromAxisAngle([0, 1, 0], 0, [0, 0, 0]), poseFromAxisAngle([0, 1, 0], 0, [1, 0, 0])],
        b: [poseFromAxisAngle([0, 1, 0], 0, [2, 0, 0]), poseFromAxisAngle([0, 1, 0], 0, [0, 0, 0])],
      },
    ];
    for (const motion of motions) {
      for (const r of allModes3(box(1), box(1), motion)) {
        expect(r.status).toBe('contact');
        expect(r.iterations).toBe(1);
        expect(r.toi).toBeGreaterThanOrEqual((1 - r.tolerance) / 3);
        expect(r.toi).toBeLessThanOrEqual(1 / 3);
        expect(r.mu).toBe(3);
      }
    }
  });

  it('two unit squares head-on (2-D): the same', () => {
    const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [2, 0]), pose2(0, [-1, 0])] };
    for (const r of allModes2(rectangle(1, 1), rectangle(1, 1), motion)) {
      expect([r.status, r.iterations]).toEqual(['contact', 1]);
      expect(r.toi).toBeGreaterThanOrEqual((1 - r.tolerance) / 3);
      expect(r.toi).toBeLessThanOrEqual(1 / 3);
    }
  });

  it('a cube moving at 45° to a face: contact at 3/4, and the directional bound takes fewer steps', () => {
    // the x gap is 1.5 − 2 s while the faces overlap in y: contact at s = 0.75, closing at 2 < μ = 2√2
    const tol = 1e-6;
    const motion: Motion3 = {
      a: [rest, rest],
      b: [poseFromAxisAngle([0, 0, 1], 0, [2.5, -1, 0]), poseFromAxisAngle([0, 0, 1], 0, [0.5, 1, 0])],
    };
    const [plain, auto, directional] = allModes3(box(1), box(1), motion, tol);
    for (const r of [plain, auto, directional]) {
      expect(r.status).toBe('contact');
      // d ≤ tol at toi and d ≥ tol/2 before it, closing at 2
      expect(r.toi).toBeGreaterThanOrEqual(0.75 - tol / 2);
      expect(r.toi).toBeLessThanOrEqual(0.75 - tol / 4);
    }
    // the plain bound leaves 1 − 1/√2 of the margin each step
    expect(plain.iterations).toBeGreaterThanOrEqual(10);
    expect(auto.iterations).toBe(plain.iterations);
    expect(directional.iterations).toBeLessThanOrEqual(2);
    expect(directional.iterations).toBeLessThan(plain.iterations);
  });

  it('a bar making a quarter turn onto a post: toi within a few tolerances below the analytic angle', () => {
    // the bar (half-width 0.05) turns about z; its face reaches the post's corner (0.05, 0.55) when
    // 0.55 cos φ − 0.05 sin φ = 0.05
    const tol = 1e-6;
    const phi = Math.acos(0.05 / Math.hypot(0.55, 0.05)) - Math.atan2(0.05, 0.55);
    const post = cuboid(0.1, 0.1, 1, [0, 0.6, 0]);
    const bar = cuboid(2, 0.1, 0.1);
    const motion: Motion3 = { a: [rest, rest], b: [rest, poseFromAxisAngle([0, 0, 1], Math.PI / 2)] };
    const results = allModes3(post, bar, motion, tol);
    for (const r of results) {
      expect(r.status).toBe('contact');
      const below = phi - (r.toi * Math.PI) / 2;
      expect(below).toBeGreaterThan(0);
      expect(below).toBeLessThanOrEqual(3 * tol);
    }
    expect(results[2].iterations).toBeLessThanOrEqual(results[0].iterations);
    // the same in 2-D
    const turn2: Motion2 = { a: [pose2(), pose2()], b: [pose2(0), pose2(Math.PI / 2)] };
    for (const r of allModes2(rectangle(0.1, 0.1).translate([0, 0.6]), rectangle(2, 0.1), turn2, tol)) {
      expect(r.status).toBe('contact');
      const below = phi - (r.toi * Math.PI) / 2;
      expect(below).toBeGreaterThan(0);
      expect(below).toBeLessThanOrEqual(3 * tol);
    }
  });

  describe('a plate 1e-3 thick crossed within one step: contact found, both end poses apart', () => {
    const plate = box([0.001, 1, 1]);
    const pebble = box(0.04);
    const throwAt = (from: number, to: number, turn: number): Motion3 => ({
      a: [rest, rest],
      b: [poseFromAxisAngle([0, 1, 0], 0, [from, 0, 0]), poseFromAxisAngle([0, 1, 0], turn, [to, 0, 0])],
    });

    it('a straight throw: contact where the faces meet, in one step', () => {
      for (const r of allModes3(plate, pebble, throwAt(-0.5, 0.5, 0))) {
        expect([r.status, r.iterations]).toEqual(['contact', 1]);
        // the faces meet at s = 0.5 − 0.0005 − 0.02
        expect(r.toi).toBeGreaterThanOrEqual(0.4795 - r.tolerance);
        expect(r.toi).toBeLessThanOrEqual(0.4795);
      }
      const ends = sweep3(plate, pebble, throwAt(-0.5, 0.5, 0));
      expect(ends.at(0).distance).toBeCloseTo(0.4795, 12);
      expect(ends.at(1).distance).toBeCloseTo(0.4795, 12);
    });

    it('a throw turning a quarter turn: contact at the analytic instant', () => {
      // the pebble's reach along x is 0.02 (|cos| + |sin|) of its turn s π/2
      const reach = (s: number): number =>
        -0.5 + s + 0.02 * (Math.cos((s * Math.PI) / 2) + Math.sin((s * Math.PI) / 2));
      let lo = 0.4;
      let hi = 0.5;
      for (let k = 0; k < 60; k++) {
        const mid = 0.5 * (lo + hi);
        if (reach(mid) < -0.0005) lo = mid;
        else hi = mid;
      }
      for (const r of allModes3(plate, pebble, throwAt(-0.5, 0.5, Math.PI / 2))) {
        expect(r.status).toBe('contact');
        expect(r.toi).toBeLessThanOrEqual(hi);
        expect(r.toi).toBeGreaterThan(hi - 2 * r.tolerance);
      }
    });

    it('a throw 100 long: 200 samples of the step never see the plate, the loop does', () => {
      const motion = throwAt(-40.3, 59.7, 0);
      const sw = sweep3(plate, pebble, motion);
      let nearest = Number.POSITIVE_INFINITY;
      for (let i = 0; i <= 200; i++) nearest = Math.min(nearest, sw.at(i / 200).distance);
      expect(nearest).toBeGreaterThan(0.1);
      for (const r of allModes3(plate, pebble, motion)) {
        expect([r.status, r.iterations]).toEqual(['contact', 1]);
        expect(r.toi).toBeLessThanOrEqual((40.3 - 0.0205) / 100);
        expect(r.toi).toBeGreaterThanOrEqual((40.3 - 0.0205 - r.tolerance) / 100);
      }
      for (const r of allModes3(plate, pebble, throwAt(-40.3, 59.7, 3))) expect(r.status).toBe('contact');
    });

    it('a thin wall in 2-D, crossed fast by a spinning square', () => {
      const wall2 = rectangle(0.001, 1);
      const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [-40.3, 0.1]), pose2(3, [59.7, -0.1])] };
      for (const r of allModes2(wall2, rectangle(0.04, 0.04), motion)) expect(r.status).toBe('contact');
    });
  });

  it('the speed bound reported is μ_A + μ_B of the step, computed here independently', () => {
    const bar = cuboid(2, 0.1, 0.1, [0.3, 0.2, -0.1]);
    const motion: Motion3 = {
      a: [poseFromAxisAngle([1, 2, 3], 0.4, [0, 1, 0]), poseFromAxisAngle([-1, 0, 2], 2.9, [1, 1, 0.5])],
      b: [poseFromAxisAngle([0, 0, 1], 0.1, [5, 0, 0]), poseFromAxisAngle([0, 1, 1], 3.1, [4, 2, 0])],
    };
    const r = timeOfImpact(bar, bar, motion, { maxIterations: 1 });
    const sw = sweep3(bar, bar, motion);
    expect(Math.abs(r.mu - sw.mu)).toBeLessThanOrEqual(1e-12 * sw.mu);
    expect(oracleBody3(bar).count).toBe(12);
  });
});

describe('the tutorial, run 4: a particle falling onto a NACA 0012 section while turning half a turn', () => {
  it('contact, with the guarantee, in every mode', () => {
    const { upper, lower } = naca4Section('0012', 1, 64);
    const u: number[] = [];
    const v: number[] = [];
    for (let i = 64; i >= 0; i--) {
      u.push(upper[i][0]);
      v.push(upper[i][1]);
    }
    for (let i = 1; i < 64; i++) {
      u.push(lower[i][0]);
      v.push(lower[i][1]);
    }
    // the section's loop, chord 1 centred on the origin as the tutorial places it
    const naca = Curve.fromLoops(
      u.map((x) => x - 0.5),
      v,
      [u.length],
    );
    const particle = disc(0.03, 32);
    const motion: Motion2 = {
      a: [pose2(), pose2()],
      b: [pose2(0, [-0.2, 0.25]), pose2(Math.PI, [0.4, -0.25])],
    };
    const results = allModes2(naca, particle, motion);
    for (const r of results) expect(r.status).toBe('contact');
    expect(results[2].iterations).toBeLessThanOrEqual(results[0].iterations);
  });
});
