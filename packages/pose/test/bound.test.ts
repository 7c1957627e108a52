import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  motionBound3,
  poseFromAxisAngle,
  poseFromQuaternion,
  RigidMotion,
  transformPoint,
} from '../src/index.js';
import { rng } from './helpers.js';

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const vec3 = fc.tuple(coord, coord, coord);
const quat = fc.tuple(coord, coord, coord, coord).filter((q) => Math.hypot(...q) > 1e-3);
const pose = fc.tuple(quat, vec3).map(([q, t]) => poseFromQuaternion(q, t));
const points = fc.array(vec3, { minLength: 1, maxLength: 12 }).map((ps) => Float64Array.from(ps.flat()));

function worldAt(m: RigidMotion, x: ArrayLike<number>, s: number): Float64Array {
  return transformPoint(m.poseAt(s), x);
}

describe('motionBound3', () => {
  it('no point of the hull moves farther than μ|s2 − s1| (random poses and point sets)', () => {
    fc.assert(
      fc.property(pose, pose, points, fc.integer({ min: 0, max: 2 ** 31 }), (p0, p1, xyz, seed) => {
        const mu = motionBound3(p0, p1, xyz);
        const m = new RigidMotion(p0, p1);
        const r = rng(seed);
        const n = xyz.length / 3;
        for (let trial = 0; trial < 8; trial++) {
          // a point of the convex hull: a random convex combination of the vertices
          const w = Array.from({ length: n }, () => r());
          const sum = w.reduce((a, b) => a + b, 0) || 1;
          const x = [0, 0, 0];
          for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) x[a] += (w[i] / sum) * xyz[3 * i + a];
          const s1 = r();
          const s2 = r();
          const a = worldAt(m, x, s1);
          const b = worldAt(m, x, s2);
          const moved = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
          expect(moved).toBeLessThanOrEqual(mu * Math.abs(s2 - s1) + 1e-12);
        }
      }),
    );
  });

  it('is attained by the vertex farthest from the axis under a pure rotation', () => {
    fc.assert(
      fc.property(pose, quat, points, fc.double({ min: 0, max: 1, noNaN: true }), (p0, q, xyz, s) => {
        const turn = poseFromQuaternion(q);
        const R1 = new Float64Array(9);
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++)
            R1[3 * i + j] =
              turn.R[3 * i] * p0.R[j] + turn.R[3 * i + 1] * p0.R[3 + j] + turn.R[3 * i + 2] * p0.R[6 + j];
        const p1 = { R: R1, t: p0.t };
        const m = new RigidMotion(p0, p1);
        fc.pre(m.theta > 1e-3);
        const mu = motionBound3(p0, p1, xyz);
        // the speed of each vertex, by a central difference; the fastest one reaches μ
        const h = 1e-5;
        const s0 = Math.min(Math.max(s, h), 1 - h);
        let fastest = 0;
        for (let i = 0; i < xyz.length; i += 3) {
          const x = xyz.subarray(i, i + 3);
          const a = worldAt(m, x, s0 - h);
          const b = worldAt(m, x, s0 + h);
          fastest = Math.max(fastest, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) / (2 * h));
        }
        fc.pre(mu > 0.1);
        expect(Math.abs(fastest - mu) / mu).toBeLessThan(1e-9);
      }),
    );
  });

  it("the tutorial's pebble: μ = 1.2444 (1.2 of translation, 0.0444 of spin)", () => {
    const h = 0.02;
    const corners = new Float64Array(24);
    for (let i = 0; i < 8; i++) for (let a = 0; a < 3; a++) corners[3 * i + a] = (i >> a) & 1 ? h : -h;
    const p0 = poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.3, -0.2]);
    const p1 = poseFromAxisAngle([0, 1, 0], Math.PI / 2, [0.6, -0.3, -0.2]);
    const mu = motionBound3(p0, p1, corners);
    expect(mu.toFixed(4)).toBe('1.2444');
    const m = new RigidMotion(p0, p1);
    expect(m.translationLength).toBeCloseTo(1.2, 15);
    expect((mu - 1.2).toFixed(4)).toBe('0.0444');
    expect(m.maxRadius(corners)).toBeCloseTo(0.02 * Math.SQRT2, 15);
    expect(Array.from(m.radii(corners), (r) => r.toFixed(6))).toEqual(
      Array(8).fill((0.02 * Math.SQRT2).toFixed(6)),
    );
  });

  it('a body at rest has μ = 0', () => {
    const p = poseFromAxisAngle([1, 1, 0], 0.3, [1, 2, 3]);
    expect(motionBound3(p, p, new Float64Array([1, 2, 3, 4, 5, 6]))).toBe(0);
  });
});
