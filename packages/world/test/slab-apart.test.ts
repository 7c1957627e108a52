import { box, curveDistance, disc, icosphere, rectangle, surfaceDistance } from '@firsttouch/mesh';
import {
  type Pose2,
  type Pose3,
  pose2,
  poseFromAxisAngle,
  RigidMotion,
  RigidMotion2,
} from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIM2, DIM3 } from '../src/dimension.js';
import { SlabProof, slabGap } from '../src/slab-apart.js';
import { rng as mulberry, nearby } from './helpers.js';

const shapes3 = [box(0.04, 2), icosphere(0.03, 1), box([0.2, 0.01, 0.1])];
const shapes2 = [rectangle(0.04, 0.02), disc(0.03, 12), rectangle(0.3, 0.005)];
/** Instants where the oracle measures the exact distance (the bound must hold at each). */
const SAMPLES = 64;

describe('slabGap', () => {
  it('reads the supports, the parting and the turns as the formula says', () => {
    // A: the unit square's corners about its origin; B the same; n = +x, B 3 ahead of A
    const square = new Float64Array([-1, -1, 1, -1, 1, 1, -1, 1]);
    const pair = {
      dim: 2 as const,
      a: square,
      b: square,
      da: new Float64Array([1, 0, 0]),
      db: new Float64Array([1, 0, 0]),
      offset: 3,
      parting: 0.5,
      turnA: 0,
      turnB: 0,
      size: 10,
    };
    // the slab now is 3 − 1 − 1 = 1; parting only widens it
    expect(slabGap(pair)).toBeCloseTo(1, 9);
    // closing by 0.25: the end of the rest is the narrowest
    expect(slabGap({ ...pair, parting: -0.25 })).toBeCloseTo(0.75, 9);
    // turning by 0.1 rad with the corners at √2: 0.1·√2 off the slab at the end
    expect(slabGap({ ...pair, parting: 0, turnA: 0.1 })).toBeCloseTo(1 - 0.1 * Math.SQRT2, 7);
    // a body without vertices proves nothing
    expect(slabGap({ ...pair, a: new Float64Array(0) })).toBe(Number.NEGATIVE_INFINITY);
  });
});

/** The exact distance of two surfaces at the fraction s of their motions. */
function distance3(
  a: (typeof shapes3)[number],
  b: (typeof shapes3)[number],
  ma: RigidMotion,
  mb: RigidMotion,
  s: number,
): number {
  return surfaceDistance(a, b, { poseA: ma.poseAt(s), poseB: mb.poseAt(s) }).distance;
}

describe('SlabProof (3-D): a lower bound of the distance over the rest of the motions', () => {
  it('never exceeds the exact distance at any sampled instant (fast-check, turning and moving bodies)', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    let proven = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0.002, max: 0.1, noNaN: true }),
        (x, y, seed, turn, reach) => {
          const r = mulberry(seed);
          const a = shapes3[x];
          const b = shapes3[y];
          const pa = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0, 0, 0]);
          const pb = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [
            0.25 * (r() - 0.5),
            0.25 * (r() - 0.5),
            0.25 * (r() - 0.5),
          ]);
          const now = surfaceDistance(a, b, { poseA: pa, poseB: pb });
          if (now.intersecting || !(now.distance > 0)) return;
          // the witness direction: a separating axis of the two now
          const normal = now.pointB.map((v, k) => v - now.pointA[k]);
          const ea = nearby(r, pa, reach, turn);
          const eb = nearby(r, pb, reach, turn);
          // along the witness direction (after an impact) and along the origins' line (before a search)
          const line = pb.t.map((v, k) => v - pa.t[k]);
          const bound = Math.max(
            proof.gap(a, pa, ea, b, pb, eb, normal),
            proof.gap(a, pa, ea, b, pb, eb, line),
          );
          if (!(bound > 0)) return;
          proven++;
          const ma = new RigidMotion(pa, ea);
          const mb = new RigidMotion(pb, eb);
          for (let k = 0; k <= SAMPLES; k++)
            expect(distance3(a, b, ma, mb, k / SAMPLES)).toBeGreaterThanOrEqual(bound);
        },
      ),
      { numRuns: 300 },
    );
    // (the property is not vacuous: most draws give a positive bound to check)
    expect(proven).toBeGreaterThan(50);
  });

  it('is the exact gap of two still convex bodies along their witness direction', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const r = mulberry(7);
    for (let k = 0; k < 40; k++) {
      const a = shapes3[k % 3];
      const b = shapes3[(k + 1) % 3];
      const pa = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0, 0, 0]);
      const dir = [r() - 0.5, r() - 0.5, r() - 0.5];
      const len = Math.hypot(...dir);
      const pb = poseFromAxisAngle(
        [r() - 0.5, r() - 0.5, r() - 0.5],
        6 * r(),
        dir.map((v) => (0.3 * v) / len),
      );
      const now = surfaceDistance(a, b, { poseA: pa, poseB: pb });
      const normal = now.pointB.map((v, q) => v - now.pointA[q]);
      // (a wrong frame, R for Rᵀ, reads the supports along another direction and falls short)
      expect(proof.gap(a, pa, pa, b, pb, pb, normal)).toBeCloseTo(now.distance, 9);
      // parting along the normal keeps it; turning lowers it by at most θ·ρ each
      const turned = poseFromAxisAngle([0, 0, 1], 0.2, [0, 0, 0]);
      const ea = { R: mul(turned.R, pa.R), t: pa.t };
      const g = proof.gap(a, pa, ea, b, pb, pb, normal);
      expect(g).toBeLessThan(now.distance);
      expect(g).toBeGreaterThan(now.distance - 0.2 * radius(a.distinctVertices(), 3) * 1.001);
    }
  });

  it('proves nothing for a body without vertices, or without a direction', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const p = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);
    const q = poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]);
    const a = shapes3[0];
    expect(proof.gap({}, p, p, a, q, q, [1, 0, 0])).toBe(Number.NEGATIVE_INFINITY);
    expect(proof.gap(a, p, p, a, q, q, [0, 0, 0])).toBe(Number.NEGATIVE_INFINITY);
    expect(proof.gap(a, p, p, a, q, q, [Number.NaN, 0, 0])).toBe(Number.NEGATIVE_INFINITY);
    // the wrong way round: B behind A along n
    expect(proof.gap(a, p, p, a, q, q, [-1, 0, 0])).toBeLessThan(0);
  });
});

describe('SlabProof (2-D)', () => {
  it('never exceeds the exact distance at any sampled instant (fast-check, turns beyond π/2 included)', () => {
    const proof = new SlabProof<Pose2>(DIM2);
    let proven = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.002, max: 0.1, noNaN: true }),
        (x, y, seed, turn, reach) => {
          const r = mulberry(seed);
          const a = shapes2[x];
          const b = shapes2[y];
          const pa = pose2(20 * (r() - 0.5), [0, 0]);
          const pb = pose2(20 * (r() - 0.5), [0.3 * (r() - 0.5), 0.3 * (r() - 0.5)]);
          const now = curveDistance(a, b, { poseA: pa, poseB: pb });
          if (now.intersecting || !(now.distance > 0)) return;
          const normal = now.pointB.map((v, k) => v - now.pointA[k]);
          const ea = pose2(pa.angle + turn * (2 * r() - 1), [reach * (2 * r() - 1), reach * (2 * r() - 1)]);
          const eb = pose2(pb.angle + turn * (2 * r() - 1), [
            pb.t[0] + reach * (2 * r() - 1),
            pb.t[1] + reach * (2 * r() - 1),
          ]);
          // along the witness direction (after an impact) and along the origins' line (before a search)
          const line = pb.t.map((v, k) => v - pa.t[k]);
          const bound = Math.max(
            proof.gap(a, pa, ea, b, pb, eb, normal),
            proof.gap(a, pa, ea, b, pb, eb, line),
          );
          if (!(bound > 0)) return;
          proven++;
          const ma = new RigidMotion2(pa, ea);
          const mb = new RigidMotion2(pb, eb);
          for (let k = 0; k <= SAMPLES; k++) {
            const s = k / SAMPLES;
            const d = curveDistance(a, b, { poseA: ma.poseAt(s), poseB: mb.poseAt(s) }).distance;
            expect(d).toBeGreaterThanOrEqual(bound);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(proven).toBeGreaterThan(50);
  });

  it('is the exact gap of two still polygons along their witness direction', () => {
    const proof = new SlabProof<Pose2>(DIM2);
    const a = shapes2[0];
    const b = shapes2[2];
    const pa = pose2(0.7, [0, 0]);
    const pb = pose2(-0.4, [0.05, 0.2]);
    const now = curveDistance(a, b, { poseA: pa, poseB: pb });
    const normal = now.pointB.map((v, k) => v - now.pointA[k]);
    expect(proof.gap(a, pa, pa, b, pb, pb, normal)).toBeCloseTo(now.distance, 9);
  });
});

function mul(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const R = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      R[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  return R;
}

function radius(v: Float64Array, dim: number): number {
  let r = 0;
  for (let x = 0; x < v.length; x += dim)
    r = Math.max(r, Math.hypot(v[x], v[x + 1], dim === 3 ? v[x + 2] : 0));
  return r;
}
