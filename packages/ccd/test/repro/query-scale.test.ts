// Adversarial testing: bodies below about 1e-154 underflowed. Two cubes of side 1e-165 at 1e-165
// apart: the default tolerance fell back to 1e-6 (the diagonal underflowed to 0), so the query said
// InitialContact; at side 1e-160 a Contact was reported with distance 0 while the true gap at its toi
// was 7 tolerances. The large side broke too, long before the README's 1e150 (fourth powers of
// lengths overflow near 1e77). A query far from unit size is now taken there by a power of two.
//
// What we check: the same step scaled by 2^k (bodies, translations, tolerance) gives the unit answer
// scaled by 2^k — bit for bit where k is a multiple of 256 (the scaled query is then the unit one
// exactly), to rounding otherwise — in every mode; and the guarantee on the issue's own cases.

import { box, Curve, icosphere, rectangle } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  CcdStatus,
  type Motion2,
  type Motion3,
  type TimeOfImpact2Result,
  type TimeOfImpactResult,
  timeOfImpact,
  timeOfImpact2,
} from '../../src/index.js';
import { rng } from '../helpers.js';

const EXACT = [-768, -512, -256, 256, 512, 768];
const NEAR = [-1000, -600, -300, -140, 140, 300, 600, 900];
const MODES = [false, 'auto', true] as const;

const scale3 = (p: Pose3, f: number): Pose3 => ({ R: p.R, t: p.t.map((x) => x * f) });
const scale2 = (p: Pose2, f: number): Pose2 => ({ angle: p.angle, t: p.t.map((x) => x * f) });

function expectScaled(
  r: TimeOfImpactResult | TimeOfImpact2Result,
  unit: TimeOfImpactResult | TimeOfImpact2Result,
  f: number,
  label: string,
): void {
  expect(r.status, label).toBe(unit.status);
  expect(r.toi, label).toBe(unit.toi);
  expect(r.iterations, label).toBe(unit.iterations);
  expect(r.distance, label).toBe(unit.distance * f);
  expect(r.tolerance, label).toBe(unit.tolerance * f);
  expect(r.mu, label).toBe(unit.mu * f);
  expect(Array.from(r.pointA), label).toEqual(Array.from(unit.pointA, (x) => x * f));
  expect(Array.from(r.pointB), label).toEqual(Array.from(unit.pointB, (x) => x * f));
  expect(Array.from(r.normal), label).toEqual(Array.from(unit.normal));
}

/** Steps at unit size: A at rest at the identity at s = 0 (so that only the scale changes), B thrown. */
function steps3(): { a: ReturnType<typeof box>; b: ReturnType<typeof box>; motion: Motion3 }[] {
  const r = rng(31_05);
  const shapes = [box(1), icosphere(0.5, 1), box([0.02, 1, 1])];
  const out = [];
  for (let i = 0; i < 12; i++) {
    const u = [r() - 0.5, r() - 0.5, r() - 0.5];
    const n = Math.hypot(u[0], u[1], u[2]);
    const from = u.map((x) => (3 * x) / n);
    const miss = [0.6 * (r() - 0.5), 0.6 * (r() - 0.5), 0.6 * (r() - 0.5)];
    const to = from.map((x, k) => -x + miss[k]);
    const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
    const turnA = i % 2 === 0 ? 0 : 2 * r();
    out.push({
      a: shapes[i % 3],
      b: shapes[(i + 1) % 3],
      motion: {
        a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle(axis, turnA, [0.1, 0, 0])],
        b: [poseFromAxisAngle(axis, 1, from), poseFromAxisAngle(axis, 1 + 3 * r(), to)],
      } as Motion3,
    });
  }
  return out;
}

describe('timeOfImpact at any scale', { timeout: 120_000 }, () => {
  it('scaled by 2^k (k a multiple of 256): the unit answer scaled, bit for bit, every mode', () => {
    for (const [i, { a, b, motion }] of steps3().entries()) {
      for (const directional of MODES) {
        const unit = timeOfImpact(a, b, motion, { directional });
        for (const k of EXACT) {
          const f = 2 ** k;
          const m: Motion3 = {
            a: [scale3(motion.a[0] as Pose3, f), scale3(motion.a[1] as Pose3, f)],
            b: [scale3(motion.b[0] as Pose3, f), scale3(motion.b[1] as Pose3, f)],
          };
          const r = timeOfImpact(a.scale(f), b.scale(f), m, { directional });
          expectScaled(r, unit, f, `step ${i}, ${directional}, k = ${k}`);
          // an explicit tolerance scales with the query too
          const t = timeOfImpact(a.scale(f), b.scale(f), m, { directional, tolerance: 1e-3 * f });
          const tu = timeOfImpact(a, b, motion, { directional, tolerance: 1e-3 });
          expectScaled(t, tu, f, `step ${i}, ${directional}, k = ${k}, tolerance 1e-3`);
        }
      }
    }
  });

  it('scaled by any 2^k: the unit answer, to rounding', () => {
    for (const [i, { a, b, motion }] of steps3().entries()) {
      const unit = timeOfImpact(a, b, motion);
      for (const k of NEAR) {
        const f = 2 ** k;
        const m: Motion3 = {
          a: [scale3(motion.a[0] as Pose3, f), scale3(motion.a[1] as Pose3, f)],
          b: [scale3(motion.b[0] as Pose3, f), scale3(motion.b[1] as Pose3, f)],
        };
        const r = timeOfImpact(a.scale(f), b.scale(f), m);
        expect(r.status, `step ${i}, k = ${k}`).toBe(unit.status);
        expect(Math.abs(r.toi - unit.toi), `step ${i}, k = ${k}`).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(r.tolerance / f - unit.tolerance), `step ${i}, k = ${k}`).toBeLessThanOrEqual(
          1e-15 * unit.tolerance,
        );
      }
    }
  });

  it('the issue: cubes of side 1e-165 and 1e-160 thrown at each other', () => {
    for (const side of [1e-165, 1e-160]) {
      const c = box(side);
      const r = timeOfImpact(c, c, {
        a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
        b: [
          poseFromAxisAngle([0, 0, 1], 0, [2 * side, 0, 0]),
          poseFromAxisAngle([0, 0, 1], 1, [-2 * side, 0, 0]),
        ],
      });
      expect(r.tolerance / side).toBeCloseTo(1e-6 * Math.sqrt(3), 12);
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.distance).toBeGreaterThanOrEqual(r.tolerance / 2);
      expect(r.distance).toBeLessThanOrEqual(r.tolerance);
      // the faces x = ±side/2 meet when B has come 1 side of its 4: before s = 1/4 (it turns too)
      expect(r.toi).toBeLessThanOrEqual(0.25);
      expect(r.toi).toBeGreaterThan(0.05);
    }
  });
});

describe('timeOfImpact2 at any scale', { timeout: 120_000 }, () => {
  function steps2(): { a: Curve; b: Curve; motion: Motion2 }[] {
    const r = rng(31_06);
    const shapes = [rectangle(1, 0.5), Curve.fromPolyline([0, 1, 1.5], [0, 0.2, -0.4]), rectangle(0.02, 1)];
    const out = [];
    for (let i = 0; i < 12; i++) {
      const a = 2 * Math.PI * r();
      const from = [3 * Math.cos(a), 3 * Math.sin(a)];
      out.push({
        a: shapes[i % 3],
        b: shapes[(i + 1) % 3],
        motion: {
          a: [pose2(0), pose2(i % 2 === 0 ? 0 : 1, [0.1, 0])],
          b: [pose2(1, from), pose2(1 + 3 * r(), [-from[0] + 0.3 * r(), -from[1] + 0.3 * r()])],
        } as Motion2,
      });
    }
    return out;
  }

  it('scaled by 2^k (k a multiple of 256): the unit answer scaled, bit for bit, every mode', () => {
    for (const [i, { a, b, motion }] of steps2().entries()) {
      for (const directional of MODES) {
        const unit = timeOfImpact2(a, b, motion, { directional });
        for (const k of EXACT) {
          const f = 2 ** k;
          const m: Motion2 = {
            a: [scale2(motion.a[0] as Pose2, f), scale2(motion.a[1] as Pose2, f)],
            b: [scale2(motion.b[0] as Pose2, f), scale2(motion.b[1] as Pose2, f)],
          };
          expectScaled(
            timeOfImpact2(a.scale(f), b.scale(f), m, { directional }),
            unit,
            f,
            `${i} ${directional} ${k}`,
          );
        }
      }
    }
  });

  it('scaled by any 2^k: the unit answer, to rounding', () => {
    for (const [i, { a, b, motion }] of steps2().entries()) {
      const unit = timeOfImpact2(a, b, motion);
      for (const k of NEAR) {
        const f = 2 ** k;
        const m: Motion2 = {
          a: [scale2(motion.a[0] as Pose2, f), scale2(motion.a[1] as Pose2, f)],
          b: [scale2(motion.b[0] as Pose2, f), scale2(motion.b[1] as Pose2, f)],
        };
        const r = timeOfImpact2(a.scale(f), b.scale(f), m);
        expect(r.status, `step ${i}, k = ${k}`).toBe(unit.status);
        expect(Math.abs(r.toi - unit.toi), `step ${i}, k = ${k}`).toBeLessThanOrEqual(1e-9);
      }
    }
  });
});
