import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  interpolatePose,
  type Pose3,
  poseFromAxisAngle,
  poseFromQuaternion,
  RigidMotion,
  transformPoint,
} from '../src/index.js';
import {
  angleBetween,
  mat,
  maxAbsDiff,
  mul,
  orthonormalError,
  rotateVec,
  transpose,
  unit,
} from './helpers.js';

const coord = fc.double({ min: -5, max: 5, noNaN: true });
const vec3 = fc.tuple(coord, coord, coord);
const axis = vec3.filter((v) => Math.hypot(...v) > 1e-3);
const quat = fc.tuple(coord, coord, coord, coord).filter((q) => Math.hypot(...q) > 1e-3);
const pose = fc.tuple(quat, vec3).map(([q, t]) => poseFromQuaternion(q, t));
const unitS = fc.double({ min: 0, max: 1, noNaN: true });

describe('interpolatePose', () => {
  it('equals p0 at s = 0 and p1 at s = 1 within 1e-15', () => {
    fc.assert(
      fc.property(pose, pose, (p0, p1) => {
        const a = interpolatePose(p0, p1, 0);
        const b = interpolatePose(p0, p1, 1);
        expect(maxAbsDiff(a.R, p0.R)).toBeLessThanOrEqual(1e-15);
        expect(maxAbsDiff(a.t, p0.t)).toBeLessThanOrEqual(1e-15);
        expect(maxAbsDiff(b.R, p1.R)).toBeLessThanOrEqual(1e-15);
        expect(maxAbsDiff(b.t, p1.t)).toBeLessThanOrEqual(1e-15);
      }),
    );
  });

  it('the rotation just inside the ends is continuous with p0 and p1', () => {
    fc.assert(
      fc.property(pose, pose, (p0, p1) => {
        const m = new RigidMotion(p0, p1);
        const near1 = m.poseAt(1 - 2 ** -40);
        const near0 = m.poseAt(2 ** -40);
        expect(maxAbsDiff(near1.R, p1.R)).toBeLessThan(1e-11);
        expect(maxAbsDiff(near0.R, p0.R)).toBeLessThan(1e-11);
      }),
    );
  });

  it('stays orthonormal and turns by |s2 − s1| θ between any two instants', () => {
    fc.assert(
      fc.property(pose, pose, unitS, unitS, (p0, p1, s1, s2) => {
        const m = new RigidMotion(p0, p1);
        const a = m.poseAt(s1);
        const b = m.poseAt(s2);
        expect(orthonormalError(a.R)).toBeLessThan(1e-14);
        // θ is the angle of R1 R0ᵀ, measured here independently.
        const theta = angleBetween(p1.R, p0.R);
        expect(m.theta).toBeCloseTo(theta, 12);
        expect(angleBetween(b.R, a.R)).toBeCloseTo(Math.abs(s2 - s1) * theta, 10);
        // the translation is linear in s
        for (let i = 0; i < 3; i++) expect(a.t[i]).toBeCloseTo(p0.t[i] + s1 * (p1.t[i] - p0.t[i]), 12);
      }),
    );
  });

  it('turns about the fixed axis of R1 R0ᵀ: R(s) R0ᵀ fixes k', () => {
    fc.assert(
      fc.property(pose, axis, fc.double({ min: 0.01, max: 3.1, noNaN: true }), unitS, (p0, k, a, s) => {
        const u = unit(k);
        const turn = poseFromAxisAngle(u, a);
        const p1: Pose3 = { R: Float64Array.from(mul(mat(turn.R), mat(p0.R)).flat()), t: p0.t };
        const m = new RigidMotion(p0, p1);
        const Rs = m.poseAt(s).R;
        const Q = mul(mat(Rs), transpose(mat(p0.R)));
        const Qk = [0, 1, 2].map((i) => Q[i][0] * u[0] + Q[i][1] * u[1] + Q[i][2] * u[2]);
        expect(maxAbsDiff(Qk, u)).toBeLessThan(1e-12);
        expect(m.theta).toBeCloseTo(a, 12);
        // and Q(s) is the rotation about k by s·a
        const x = [0.3, -0.7, 1.1];
        const expected = rotateVec(u, s * a, x);
        const got = [0, 1, 2].map((i) => Q[i][0] * x[0] + Q[i][1] * x[1] + Q[i][2] * x[2]);
        expect(maxAbsDiff(got, expected)).toBeLessThan(1e-12);
      }),
    );
  });
});

describe('the axis-angle of the step at its edges', () => {
  const axes = [
    [0, 1, 0],
    [0, -1, 0],
    [1, 0, 0],
    [-1, 0, 0],
    [0, 0, -1],
    [0.3, -0.5, 0.81],
    [-0.6, 0.2, -0.7],
    [1, 1, 1],
    [-1, -1, 1],
  ];

  it('θ = π exactly made by poseFromAxisAngle(k, π) interpolates about +k', () => {
    for (const k of axes) {
      const u = unit(k);
      const p0 = poseFromAxisAngle([0, 0, 1], 0);
      const p1 = poseFromAxisAngle(k, Math.PI, [1, 2, 3]);
      const m = new RigidMotion(p0, p1);
      expect(Math.abs(m.theta - Math.PI)).toBeLessThan(1e-15);
      expect(maxAbsDiff(m.axis, u)).toBeLessThan(1e-15);
      for (const s of [0.1, 0.25, 0.5, 0.9]) {
        const expected = poseFromAxisAngle(k, s * Math.PI);
        expect(maxAbsDiff(m.poseAt(s).R, expected.R)).toBeLessThan(1e-14);
      }
    }
  });

  it('θ = π with R0 ≠ I and near π (π − 1e-9) keeps the axis and is continuous in s', () => {
    const R0pose = poseFromAxisAngle([1, -2, 0.5], 2.3);
    for (const k of axes) {
      for (const a of [Math.PI, Math.PI - 1e-9, Math.PI - 1e-6]) {
        const u = unit(k);
        const turn = poseFromAxisAngle(k, a);
        const p1: Pose3 = {
          R: Float64Array.from(mul(mat(turn.R), mat(R0pose.R)).flat()),
          t: new Float64Array(3),
        };
        const m = new RigidMotion(R0pose, p1);
        expect(m.theta).toBeCloseTo(a, 13);
        if (a < Math.PI) expect(maxAbsDiff(m.axis, u)).toBeLessThan(1e-6);
        else {
          // at exactly π the composed matrix keeps only rounding noise of the sign: ±k
          const sign = Math.sign(m.axis[0] * u[0] + m.axis[1] * u[1] + m.axis[2] * u[2]);
          expect(
            maxAbsDiff(
              m.axis.map((x) => x * sign),
              u,
            ),
          ).toBeLessThan(1e-13);
        }
        let prev = m.poseAt(0);
        for (let i = 1; i <= 64; i++) {
          const cur = m.poseAt(i / 64);
          expect(angleBetween(cur.R, prev.R)).toBeCloseTo(a / 64, 9);
          prev = cur;
        }
      }
    }
  });

  it('θ = 1e-12 gives the tiny turn and its axis', () => {
    for (const k of axes) {
      const p0 = poseFromAxisAngle([0, 0, 1], 0, [1, 1, 1]);
      const p1 = poseFromAxisAngle(k, 1e-12, [1, 1, 2]);
      const m = new RigidMotion(p0, p1);
      expect(m.theta / 1e-12).toBeCloseTo(1, 3);
      expect(maxAbsDiff(m.axis, unit(k))).toBeLessThan(1e-3);
      const mid = m.poseAt(0.5);
      expect(orthonormalError(mid.R)).toBeLessThan(1e-15);
      expect(maxAbsDiff(transformPoint(mid, [1, 0, 0]), [2, 1, 1.5])).toBeLessThan(1e-12);
    }
  });

  it('no turn at all: θ = 0 and the rotation stays R0', () => {
    const p0 = poseFromAxisAngle([1, 2, 3], 1.3, [0, 0, 0]);
    const p1 = poseFromAxisAngle([1, 2, 3], 1.3, [5, 0, 0]);
    const m = new RigidMotion(p0, p1);
    expect(m.theta).toBe(0);
    // bit for bit: the identity turn leaves R0 as it is
    expect(Array.from(m.poseAt(0.37).R)).toEqual(Array.from(p0.R));
  });

  it('poseAt(s, out) writes into out', () => {
    const m = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 1, [1, 0, 0]));
    const out = poseFromAxisAngle([1, 0, 0], 0);
    const r = m.poseAt(0.5, out);
    expect(r).toBe(out);
    expect(out.t[0]).toBe(0.5);
  });

  it('reset(p0, p1) gives the motion a new one would, bit for bit, and checks its poses as the constructor does', () => {
    const m = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 1, [1, 0, 0]));
    const xyz = [0.3, -0.2, 0.5, 1, 2, 3];
    m.maxRadius(xyz); // fills the kept cross matrix of the first motion
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: 0.1, max: 1, noNaN: true }),
        ),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        (axis, a0, a1) => {
          const p0 = poseFromAxisAngle(axis, a0, [a0, 1, 2]);
          const p1 = poseFromAxisAngle([axis[2], axis[0], axis[1]], a1, [3, a1, -1]);
          m.reset(p0, p1);
          const fresh = new RigidMotion(p0, p1);
          expect(m.theta).toBe(fresh.theta);
          expect(m.translationLength).toBe(fresh.translationLength);
          expect(Array.from(m.axis)).toEqual(Array.from(fresh.axis));
          expect(Array.from(m.poseAt(0.3).R)).toEqual(Array.from(fresh.poseAt(0.3).R));
          expect(m.maxRadius(xyz)).toBe(fresh.maxRadius(xyz));
          expect(m.bound(xyz)).toBe(fresh.bound(xyz));
        },
      ),
      { numRuns: 100 },
    );
    const bad = { R: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, -1]), t: new Float64Array(3) };
    expect(() => m.reset(bad, bad, 'step')).toThrow(/step\[0\]\.R is a reflection/);
    expect(() =>
      m.reset(poseFromAxisAngle([0, 0, 1], 0), { R: [1, 0, 0], t: [0, 0, 0] }, ['here', 'there']),
    ).toThrow(/there/);
  });
});

describe('RigidMotion of a body that does not turn', () => {
  it('equal rotations (one pose for both ends, or copies) make no turn, exactly', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: 0.1, max: 1, noNaN: true }),
        ),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        (axis, angle) => {
          const p = poseFromAxisAngle(axis, angle, [1, 2, 3]);
          for (const q of [p, { R: p.R.slice(), t: Float64Array.from([4, 5, 6]) }]) {
            const m = new RigidMotion(p, q);
            expect(m.theta).toBe(0);
            expect(Array.from(m.axis)).toEqual([1, 0, 0]);
            const mid = m.poseAt(0.5);
            expect(Array.from(mid.R)).toEqual(Array.from(p.R));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
