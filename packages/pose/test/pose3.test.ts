import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  composePose,
  identityPose,
  invertPose,
  poseFromAxisAngle,
  transformPoint,
  transformPoints,
} from '../src/index.js';
import { maxAbsDiff, orthonormalError, rotateVec, unit } from './helpers.js';

const vec3 = fc.tuple(
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.double({ min: -10, max: 10, noNaN: true }),
);
const axis = vec3.filter((v) => Math.hypot(...v) > 1e-3);
const angle = fc.double({ min: -7, max: 7, noNaN: true });

describe('poseFromAxisAngle', () => {
  it('turns right-handed about the normalised axis', () => {
    fc.assert(
      fc.property(axis, angle, vec3, vec3, (k, a, t, x) => {
        const p = poseFromAxisAngle(k, a, t);
        expect(orthonormalError(p.R)).toBeLessThan(1e-14);
        const expected = rotateVec(unit(k), a, x).map((v, i) => v + t[i]);
        expect(maxAbsDiff(transformPoint(p, x), expected)).toBeLessThan(1e-12);
      }),
    );
  });

  it('a quarter turn about z takes x to y', () => {
    const p = poseFromAxisAngle([0, 0, 5], Math.PI / 2);
    expect(maxAbsDiff(transformPoint(p, [1, 0, 0]), [0, 1, 0])).toBeLessThan(1e-15);
  });
});

describe('compose, invert, transform', () => {
  it('composePose applies b then a, and invertPose undoes a pose', () => {
    fc.assert(
      fc.property(axis, angle, vec3, axis, angle, vec3, vec3, (k1, a1, t1, k2, a2, t2, x) => {
        const a = poseFromAxisAngle(k1, a1, t1);
        const b = poseFromAxisAngle(k2, a2, t2);
        const ab = composePose(a, b);
        expect(maxAbsDiff(transformPoint(ab, x), transformPoint(a, transformPoint(b, x)))).toBeLessThan(
          1e-12,
        );
        const back = transformPoint(invertPose(a), transformPoint(a, x));
        expect(maxAbsDiff(back, x)).toBeLessThan(1e-12);
      }),
    );
  });

  it('out may alias the inputs', () => {
    const a = poseFromAxisAngle([1, 2, 3], 0.4, [1, 2, 3]);
    const b = poseFromAxisAngle([3, 1, 2], -1.1, [0, 5, 1]);
    const expected = composePose(a, b);
    composePose(a, b, a);
    expect(maxAbsDiff(a.R, expected.R)).toBe(0);
    expect(maxAbsDiff(a.t, expected.t)).toBe(0);
    const inv = invertPose(b);
    invertPose(b, b);
    expect(maxAbsDiff(b.R, inv.R)).toBe(0);
    const x = new Float64Array([1, 2, 3]);
    const y = transformPoint(b, x);
    transformPoint(b, x, x);
    expect(maxAbsDiff(x, y)).toBe(0);
  });

  it('transformPoints equals transformPoint per point', () => {
    const p = poseFromAxisAngle([0.3, -1, 2], 2.2, [7, -3, 1]);
    const xyz = new Float64Array([1, 2, 3, -4, 5, 6, 0, 0, 0]);
    const out = transformPoints(p, xyz);
    for (let i = 0; i < 3; i++) {
      expect(Array.from(out.subarray(3 * i, 3 * i + 3))).toEqual(
        Array.from(transformPoint(p, xyz.subarray(3 * i, 3 * i + 3))),
      );
    }
    expect(Array.from(transformPoints(identityPose(), xyz))).toEqual(Array.from(xyz));
  });
});
