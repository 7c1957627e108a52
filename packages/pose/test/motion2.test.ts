import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  composePose2,
  interpolatePose2,
  invertPose2,
  motionBound2,
  pose2,
  RigidMotion2,
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
});
