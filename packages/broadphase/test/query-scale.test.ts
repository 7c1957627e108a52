// Adversarial testing: bodies below about 1e-154 underflowed (the default tolerance fell back to 1e-6,
// gaps came out 0), and the large side broke near 1e77. A scene far from unit size is now taken
// there by a power of two. What we check: a scene and the same scene scaled by 2^k give the unit
// answers scaled by 2^k, bit for bit where k is a multiple of 256 (the scaled scene is then the unit
// one exactly): firstImpact, allImpacts, firstImpact2, proximityPairs.

import { ball, capsule, convexHull, convexPolygon, cuboid, cuboid2 } from '@firsttouch/convex';
import { scaledShape } from '@firsttouch/convex/internal';
import { compound, disc, icosphere, rectangle } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact, firstImpact2, proximityPairs } from '../src/index.js';
import { rng, scene } from './helpers.js';

const EXACT = [-768, -512, -256, 256, 512, 768];
const scale3 = (p: Pose3, f: number): Pose3 => ({ R: p.R, t: p.t.map((x) => x * f) });
const scale2 = (p: Pose2, f: number): Pose2 => ({ angle: p.angle, t: p.t.map((x) => x * f) });

/** A scene whose first body is at the origin at s = 0 (so that nothing but the scale changes). */
function anchored(seed: number) {
  const s = scene(seed, 12, 0.6, 0.6, Math.PI);
  s.poses0[0] = { R: s.poses0[0].R, t: new Float64Array(3) };
  return s;
}

describe('the broad phase at any scale', { timeout: 120_000 }, () => {
  it('firstImpact and allImpacts scaled by 2^k: the unit answers scaled, bit for bit', () => {
    for (const seed of [1, 2, 3, 4]) {
      const { bodies, poses0, poses1 } = anchored(seed);
      const unit = firstImpact(bodies, poses0, poses1);
      const unitAll = allImpacts(bodies, poses0, poses1);
      for (const k of EXACT) {
        const f = 2 ** k;
        const scaled = bodies.map((b) => b.scale(f));
        const p0 = poses0.map((p) => scale3(p, f));
        const p1 = poses1.map((p) => scale3(p, f));
        const r = firstImpact(scaled, p0, p1);
        const label = `seed ${seed}, k = ${k}`;
        expect([r.status, r.toi, r.pair, r.tested], label).toEqual([
          unit.status,
          unit.toi,
          unit.pair,
          unit.tested,
        ]);
        expect(r.tolerance, label).toBe(unit.tolerance * f);
        expect(r.impact?.distance, label).toBe(unit.impact === null ? undefined : unit.impact.distance * f);
        const all = allImpacts(scaled, p0, p1);
        expect(
          all.impacts.map((x) => [x.pair, x.toi, x.status]),
          label,
        ).toEqual(unitAll.impacts.map((x) => [x.pair, x.toi, x.status]));
      }
    }
  });

  it('firstImpact2 scaled by 2^k: the unit answer scaled, bit for bit', () => {
    const r = rng(31_07);
    const kinds = [disc(0.05, 12), rectangle(0.2, 0.02), disc(0.1, 5)];
    for (let seed = 0; seed < 4; seed++) {
      const bodies = [];
      const poses0: Pose2[] = [];
      const poses1: Pose2[] = [];
      for (let i = 0; i < 10; i++) {
        bodies.push(kinds[i % 3]);
        const c = i === 0 ? [0, 0] : [0.6 * r(), 0.6 * r()];
        poses0.push(pose2(6 * r(), c));
        poses1.push(pose2(6 * r(), [c[0] + 0.6 * (r() - 0.5), c[1] + 0.6 * (r() - 0.5)]));
      }
      const unit = firstImpact2(bodies, poses0, poses1);
      for (const k of EXACT) {
        const f = 2 ** k;
        const q = firstImpact2(
          bodies.map((b) => b.scale(f)),
          poses0.map((p) => scale2(p, f)),
          poses1.map((p) => scale2(p, f)),
        );
        expect([q.status, q.toi, q.pair], `${seed} ${k}`).toEqual([unit.status, unit.toi, unit.pair]);
        expect(q.tolerance, `${seed} ${k}`).toBe(unit.tolerance * f);
      }
    }
  });

  it('convex shapes scaled by 2^k (firstImpact, firstImpact2): the unit answers, toi bit for bit', () => {
    // A shape's box diagonal squared its sides: at 2^768 it was +∞ and the default tolerance threw.
    const r = rng(31_08);
    const shapes3 = [convexHull(Array.from({ length: 30 }, () => 0.3 * (r() - 0.5))), capsule(0.1, 0.05)];
    const shapes2 = [convexPolygon([0, 0, 0.2, 0, 0.05, 0.15]), cuboid2(0.1, 0.03)];
    const poses0: Pose3[] = [];
    const poses1: Pose3[] = [];
    const p0: Pose2[] = [];
    const p1: Pose2[] = [];
    for (let i = 0; i < 8; i++) {
      const c = i === 0 ? [0, 0, 0] : [0.6 * r(), 0.6 * r(), 0.6 * r()];
      poses0.push(poseFromAxisAngle([r(), r(), 1], 6 * r(), c));
      poses1.push(poseFromAxisAngle([r(), r(), 1], 6 * r(), [c[0] - 0.3 * r(), c[1], c[2]]));
      p0.push(pose2(6 * r(), [c[0], c[1]]));
      p1.push(pose2(6 * r(), [c[0] - 0.3 * r(), c[1]]));
    }
    const bodies3 = poses0.map((_, i) => shapes3[i % 2]);
    const bodies2 = p0.map((_, i) => shapes2[i % 2]);
    const unit = firstImpact(bodies3, poses0, poses1);
    const unit2 = firstImpact2(bodies2, p0, p1);
    for (const k of EXACT) {
      const f = 2 ** k;
      const q = firstImpact(
        bodies3.map((b) => scaledShape(b, k)),
        poses0.map((p) => scale3(p, f)),
        poses1.map((p) => scale3(p, f)),
      );
      expect([q.status, q.toi, q.pair], `${k}`).toEqual([unit.status, unit.toi, unit.pair]);
      expect(q.tolerance, `${k}`).toBe(unit.tolerance * f);
      const q2 = firstImpact2(
        bodies2.map((b) => scaledShape(b, k)),
        p0.map((p) => scale2(p, f)),
        p1.map((p) => scale2(p, f)),
      );
      expect([q2.status, q2.pair], `${k}`).toEqual([unit2.status, unit2.pair]);
      expect(Math.abs(q2.toi - unit2.toi), `${k}`).toBeLessThan(1e-6);
      expect(q2.tolerance, `${k}`).toBe(unit2.tolerance * f);
    }
  });

  it('proximityPairs scaled by 2^k: the unit pairs and distances scaled, bit for bit', () => {
    const { bodies, poses0 } = anchored(9);
    const unit = proximityPairs(bodies, poses0, 0.1);
    expect(unit.pairs.length).toBeGreaterThan(0);
    for (const k of EXACT) {
      const f = 2 ** k;
      const r = proximityPairs(
        bodies.map((b) => b.scale(f)),
        poses0.map((p) => scale3(p, f)),
        0.1 * f,
      );
      expect(r.pairs, `k = ${k}`).toEqual(unit.pairs);
      expect(Array.from(r.distances), `k = ${k}`).toEqual(Array.from(unit.distances, (d) => d * f));
    }
  });

  it('proximityPairs of shapes and compounds scaled by 2^k: the unit pairs and distances scaled, bit for bit', () => {
    // GJK ran at the size given: two shapes at 2^-600 came out touching, at 2^600 a pair was missed.
    const r = rng(31_09);
    const hull = convexHull(Array.from({ length: 36 }, () => 0.3 * (r() - 0.5)));
    const kinds = (k: number) => {
      const f = 2 ** k;
      const part = (x: number) => poseFromAxisAngle([0, 1, 0], 0.4, [x * f, 0, 0]);
      return [
        scaledShape(hull, k),
        scaledShape(capsule(0.1, 0.05), k),
        compound([
          { body: scaledShape(ball(0.06), k), pose: part(-0.08) },
          { body: scaledShape(cuboid(0.05, 0.03, 0.04), k), pose: part(0.08) },
        ]),
        icosphere(0.08, 1).scale(f),
      ];
    };
    const poses: Pose3[] = [];
    for (let i = 0; i < 16; i++) {
      const c = i === 0 ? [0, 0, 0] : [0.7 * r(), 0.7 * r(), 0.7 * r()];
      poses.push(poseFromAxisAngle([r(), r(), 1], 6 * r(), c));
    }
    const unitKinds = kinds(0);
    const unit = proximityPairs(
      poses.map((_, i) => unitKinds[i % 4]),
      poses,
      0.15,
    );
    expect(unit.pairs.length).toBeGreaterThan(3);
    for (const k of [-600, ...EXACT, 600]) {
      const f = 2 ** k;
      const scaled = kinds(k);
      const q = proximityPairs(
        poses.map((_, i) => scaled[i % 4]),
        poses.map((p) => scale3(p, f)),
        0.15 * f,
      );
      expect(q.pairs, `k = ${k}`).toEqual(unit.pairs);
      if (k % 256 === 0) {
        expect(Array.from(q.distances), `k = ${k}`).toEqual(Array.from(unit.distances, (d) => d * f));
      } else {
        for (let m = 0; m < q.distances.length; m++) {
          expect(Math.abs(q.distances[m] / f - unit.distances[m]), `k = ${k}`).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('proximityPairs with a cutoff that scaling would take to 0 keeps the touching pairs', () => {
    const f = 2 ** 700;
    const bodies = [
      scaledShape(cuboid(1, 1, 1), 700),
      scaledShape(cuboid(1, 1, 1), 700),
      scaledShape(ball(1), 700),
    ];
    const poses = [0, 2, 9].map((x) => poseFromAxisAngle([0, 0, 1], 0, [x * f, 0, 0]));
    const q = proximityPairs(bodies, poses, 1e-300);
    expect(q.pairs).toEqual([[0, 1]]);
    expect(Array.from(q.distances)).toEqual([0]);
  });
});
