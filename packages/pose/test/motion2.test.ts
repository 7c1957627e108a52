import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  composePose2,
  interpolatePose2,
  invertPose2,
  motionBound2,
  pose2,
  RigidMotion2,
  reduceAngle,
  transformPoint2,
  wrapAngle,
} from '../src/index.js';
import { rng } from './helpers.js';

const coord = fc.double({ min: -5, max: 5, noNaN: true });
const angle = fc.double({ min: -20, max: 20, noNaN: true });
const pose = fc.tuple(angle, coord, coord).map(([a, x, y]) => pose2(a, [x, y]));

describe('2-D poses', () => {
  it('wrapAngle lands in (−π, π] and differs by a multiple of 2π', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (a) => {
        const w = wrapAngle(a);
        expect(w).toBeGreaterThan(-Math.PI);
        expect(w).toBeLessThanOrEqual(Math.PI);
        const k = (a - w) / (2 * Math.PI);
        expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-9);
      }),
    );
    expect(wrapAngle(Math.PI)).toBe(Math.PI);
    expect(wrapAngle(-Math.PI)).toBe(Math.PI);
  });

  it('interpolatePose2 ends at q0 and q1, turns by the wrapped θ, translates linearly', () => {
    fc.assert(
      fc.property(pose, pose, fc.double({ min: 0, max: 1, noNaN: true }), (q0, q1, s) => {
        const a = interpolatePose2(q0, q1, 0);
        const b = interpolatePose2(q0, q1, 1);
        expect(a.angle).toBe(q0.angle);
        expect(Array.from(a.t)).toEqual(Array.from(q0.t));
        expect(b.angle).toBe(q1.angle);
        expect(Array.from(b.t)).toEqual(Array.from(q1.t));
        const m = new RigidMotion2(q0, q1);
        const theta = Math.atan2(Math.sin(q1.angle - q0.angle), Math.cos(q1.angle - q0.angle));
        expect(Math.abs(m.theta)).toBeLessThanOrEqual(Math.PI);
        expect(Math.abs(m.theta - theta) < 1e-9 || Math.abs(Math.abs(theta) - Math.PI) < 1e-9).toBe(true);
        const mid = m.poseAt(s);
        // the same rotation as q0 turned by s θ (angles may differ by whole turns)
        expect(Math.cos(mid.angle)).toBeCloseTo(Math.cos(q0.angle + s * m.theta), 12);
        expect(Math.sin(mid.angle)).toBeCloseTo(Math.sin(q0.angle + s * m.theta), 12);
        expect(mid.t[0]).toBeCloseTo(q0.t[0] + s * (q1.t[0] - q0.t[0]), 12);
      }),
    );
  });

  it('the speed bound holds at sampled instants', () => {
    fc.assert(
      fc.property(
        pose,
        pose,
        fc.array(fc.tuple(coord, coord), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (q0, q1, pts, seed) => {
          const uv = Float64Array.from(pts.flat());
          const mu = motionBound2(q0, q1, uv);
          const m = new RigidMotion2(q0, q1);
          const r = rng(seed);
          for (let i = 0; i < pts.length; i++) {
            const s1 = r();
            const s2 = r();
            const a = transformPoint2(m.poseAt(s1), pts[i]);
            const b = transformPoint2(m.poseAt(s2), pts[i]);
            expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThanOrEqual(mu * Math.abs(s2 - s1) + 1e-12);
          }
        },
      ),
    );
  });

  it('compose and invert', () => {
    const a = pose2(0.7, [1, 2]);
    const b = pose2(-2.1, [-3, 0.5]);
    const x = [0.3, -0.8];
    const ab = transformPoint2(composePose2(a, b), x);
    const seq = transformPoint2(a, transformPoint2(b, x));
    expect(ab[0]).toBeCloseTo(seq[0], 14);
    expect(ab[1]).toBeCloseTo(seq[1], 14);
    const back = transformPoint2(invertPose2(a), transformPoint2(a, x));
    expect(back[0]).toBeCloseTo(x[0], 14);
    expect(back[1]).toBeCloseTo(x[1], 14);
  });

  it('a disc sliding without rotation has μ = |Δ|', () => {
    const disc = new Float64Array(64);
    for (let i = 0; i < 32; i++) {
      disc[2 * i] = 0.03 * Math.cos((2 * Math.PI * i) / 32);
      disc[2 * i + 1] = 0.03 * Math.sin((2 * Math.PI * i) / 32);
    }
    expect(motionBound2(pose2(0, [0.1, 0.05]), pose2(0, [0.9, 0.05]), disc)).toBeCloseTo(0.8, 15);
    expect(motionBound2(pose2(0, [0, 0]), pose2(Math.PI, [0, 0]), disc)).toBeCloseTo(0.03 * Math.PI, 15);
  });

  // Adversarial testing found 2-D angles combined raw: 1e17 + 0.3 is 1e17, so a composition, a
  // relative placement or a turn lost the smaller angle. Each angle is now reduced to its rotation
  // first, and the reduction itself keeps the rotation to an ulp or two of π at every size (it used
  // to round 2π·n to an ulp of the angle: 1.2e-10 rad at 1e6).
  const enormous = fc.oneof(
    fc.double({ min: 4 * Math.PI, max: 1e6, noNaN: true }),
    fc.double({ min: 1e6, max: 1e300, noNaN: true }),
  );
  it('wrapAngle and reduceAngle keep the rotation of enormous angles', () => {
    fc.assert(
      fc.property(enormous, fc.constantFrom(1, -1), (m, sign) => {
        const a = sign * m;
        for (const [r, limit] of [
          [wrapAngle(a), Math.PI],
          [reduceAngle(a), 4 * Math.PI],
        ]) {
          expect(Math.abs(r)).toBeLessThanOrEqual(limit);
          expect(Math.abs(Math.cos(r) - Math.cos(a))).toBeLessThanOrEqual(2e-15);
          expect(Math.abs(Math.sin(r) - Math.sin(a))).toBeLessThanOrEqual(2e-15);
        }
      }),
      {
        examples: [
          [1e6, 1],
          [1e17, -1],
        ],
      },
    );
    // angles up to 4π come back as they are (the plain difference of two stays bit for bit)
    expect(reduceAngle(4 * Math.PI)).toBe(4 * Math.PI);
    expect(reduceAngle(-3)).toBe(-3);
  });

  it('composePose2 turns by both rotations when one angle is enormous', () => {
    fc.assert(
      fc.property(enormous, fc.double({ min: -3, max: 3, noNaN: true }), (big, small) => {
        const x = [0.3, -0.8];
        for (const [a, b] of [
          [pose2(big, [1, 2]), pose2(small, [-3, 0.5])],
          [pose2(small, [1, 2]), pose2(-big, [-3, 0.5])],
        ]) {
          const ab = transformPoint2(composePose2(a, b), x);
          const seq = transformPoint2(a, transformPoint2(b, x));
          expect(Math.hypot(ab[0] - seq[0], ab[1] - seq[1])).toBeLessThanOrEqual(1e-14);
        }
      }),
      { examples: [[1e17, 0.3]] },
    );
  });
});

describe('RigidMotion2 builds what it checked', () => {
  it('a pose whose getters answer a number to the check and NaN after is refused, not built into NaN', () => {
    const flipping = () => {
      let reads = 0;
      return {
        get angle() {
          return reads++ < 1 ? 0 : Number.NaN;
        },
        t: [0, 0],
      };
    };
    expect(() => new RigidMotion2(flipping(), pose2(0, [1, 0]), ['poses0[1]', 'poses1[1]'])).toThrow(
      expect.objectContaining({
        code: 'INVALID_POSE',
        message: 'poses0[1].angle must be a finite number, got NaN',
      }),
    );
    let reads = 0;
    const t = {
      length: 2,
      get 0() {
        return reads++ < 1 ? 1 : Number.POSITIVE_INFINITY;
      },
      1: 0,
    };
    expect(() => new RigidMotion2(pose2(0), { angle: 0, t: t as unknown as number[] })).toThrow(
      expect.objectContaining({ code: 'INVALID_POSE' }),
    );
  });
});

describe('RigidMotion2 translationLength', () => {
  it('is |Δ| to an ulp, from the square root where the squares are safe and Math.hypot where not', () => {
    const coord = fc.oneof(
      fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      fc.double({ min: -1e200, max: 1e200, noNaN: true }),
      fc.double({ min: -1e-200, max: 1e-200, noNaN: true }),
    );
    fc.assert(
      fc.property(coord, coord, (x, y) => {
        const m = new RigidMotion2(pose2(0), pose2(0, [x, y]));
        const h = Math.hypot(x, y);
        expect(Math.abs(m.translationLength - h)).toBeLessThanOrEqual(2 * Number.EPSILON * h);
      }),
    );
  });
});
